import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { isCalendarDate, venueToday } from '../../../lib/dates';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { useAddSessionToBasket, useDeskBasket, useRemoveFromBasket } from '../api/desk-basket';
import { useVenueSessions, type VenueSession } from '../api/get-venue-sessions';
import { TENDER_LABELS } from '../rules/words';
import { BasketPanel, type Confirmation } from './desk-basket';
import { type WorkVenue, WorkVenueField } from './work-venue-field';

const SESSION_STATE_WORDS: Record<string, string> = {
  full: 'Full',
  started: 'Started',
  cancelled: 'Cancelled',
  not_released: 'Not open for booking yet',
};

/**
 * Book the customer on a session at the staff member's venue and take the payment at the desk: the venue's
 * sessions of a chosen day (the public timetable), added to the customer's own basket, paid in cash, by cheque, by
 * voucher or by card (through the card provider, as the member checkout pays), then completed; the confirmation replaces the basket. The server's words explain a refusal (session
 * full, already booked).
 */
export function BookSession({
  customerId,
  customerName,
  venues,
  orderNumberOf,
}: {
  customerId: number;
  customerName: string;
  venues: readonly WorkVenue[];
  /** The order's number once the customer view has reloaded with it. */
  orderNumberOf: (orderId: number) => string | null;
}) {
  const headingId = useId();
  const dayId = useId();
  const [venueId, setVenueId] = useState<number | null>(venues[0]?.id ?? null);
  const [day, setDay] = useState(() => venueToday());
  const venue = venues.find((v) => v.id === venueId) ?? null;
  const sessions = useVenueSessions(venue?.slug ?? null, day);
  const basket = useDeskBasket(customerId);
  const add = useAddSessionToBasket(customerId);
  const remove = useRemoveFromBasket(customerId);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const inBasket = new Set(
    (basket.data?.items ?? []).filter((i) => i.cartableType === 'activity').map((i) => i.cartableId),
  );

  const addSession = (session: VenueSession) => {
    setProblem(null);
    setConfirmation(null);
    add.mutate(session.id, {
      onError: (error) => setProblem(serverMessageOr(error, error.message)),
    });
  };

  return (
    <section className="card desk-book" aria-labelledby={headingId}>
      <h2 id={headingId}>Book a session</h2>
      <div className="desk-book__filters">
        <WorkVenueField venues={venues} value={venueId} onChange={setVenueId} />
        <div className="field">
          <label className="field__label" htmlFor={dayId}>
            Day
          </label>
          <input
            id={dayId}
            className="field__input"
            type="date"
            value={day}
            min={venueToday()}
            onChange={(event) => isCalendarDate(event.target.value) && setDay(event.target.value)}
            aria-describedby={`${dayId}-long`}
          />
          <p className="field__hint desk-book__day" id={`${dayId}-long`}>
            {formatLongDate(`${day}T12:00:00Z`)}
          </p>
        </div>
      </div>
      <div role="alert" className="desk-book__problem">
        {problem && <p className="notice notice--danger">{problem}</p>}
      </div>
      {!venue ? null : sessions.isPending ? (
        <Spinner label="Loading sessions" />
      ) : sessions.isError ? (
        <LoadError text={sessions.error.message} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.sessions.length === 0 ? (
        <p className="muted">No sessions at {venue.name} on this day.</p>
      ) : (
        <ul className="desk-sessions" aria-label={`Sessions at ${venue.name}`}>
          {sessions.data.sessions.map((session) => {
            const isInBasket = inBasket.has(session.id);
            const stateWord = SESSION_STATE_WORDS[session.state];
            const label = `${session.name} at ${session.startsAt.time}`;
            return (
              <li key={session.id} className="desk-session">
                <span className="desk-session__time">
                  {session.startsAt.time}–{session.endsAt.time}
                </span>
                <span className="desk-session__what">
                  <strong>{session.name}</strong>
                  <span className="muted">
                    {session.locationName} · {session.placesLeft} of {session.capacity} places left
                  </span>
                </span>
                <span className="desk-session__price">{session.price.formatted}</span>
                <span className="desk-session__action">
                  {isInBasket ? (
                    <span className="muted">In basket</span>
                  ) : stateWord ? (
                    <span className="muted">{stateWord}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={`Add to basket: ${label}`}
                      onClick={() => addSession(session)}
                      isPending={add.isPending && add.variables === session.id}
                    >
                      Add to basket
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}

      {confirmation ? (
        <BookingConfirmation
          confirmation={confirmation}
          customerName={customerName}
          orderNumber={orderNumberOf(confirmation.orderId)}
          onDone={() => setConfirmation(null)}
        />
      ) : basket.isError ? (
        <LoadError text={basket.error.message} onRetry={() => void basket.refetch()} />
      ) : basket.data && basket.data.items.length > 0 ? (
        <BasketPanel
          customerId={customerId}
          cart={basket.data}
          onRemove={(item) => {
            setProblem(null);
            remove.mutate(item.id, { onError: (error) => setProblem(serverMessageOr(error, error.message)) });
          }}
          removingId={remove.isPending ? (remove.variables ?? null) : null}
          onPaid={setConfirmation}
        />
      ) : null}
    </section>
  );
}

function BookingConfirmation({
  confirmation,
  customerName,
  orderNumber,
  onDone,
}: {
  confirmation: Confirmation;
  customerName: string;
  orderNumber: string | null;
  onDone: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { booked } = confirmation;
  return (
    <section className="notice notice--success desk-confirmation" aria-labelledby="desk-confirmation-title">
      <h3 id="desk-confirmation-title" ref={headingRef} tabIndex={-1}>
        {booked ? 'Booking confirmed' : 'Sale complete'}
      </h3>
      <p>
        {booked ? `${customerName} is booked.` : `Sold to ${customerName}.`} Order{' '}
        {orderNumber ?? `#${confirmation.orderId}`}:{' '}
        {confirmation.taken > 0
          ? `${formatMoney(confirmation.taken)} paid by ${TENDER_LABELS[confirmation.tender].toLowerCase()}.`
          : 'nothing to pay.'}
      </p>
      <ul>
        {confirmation.items.map((item) => (
          <li key={item.id}>
            {item.name}
            {item.when ? `, ${item.when}` : ''} ({item.price})
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        {booked ? 'Book another session' : 'Done'}
      </Button>
    </section>
  );
}
