import { BOOKING_TEXTS } from '@fieldhouse/contract/texts/bookings';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { bookingCalendarHref, bookingsQueryOptions } from '../api/get-bookings';
import { waitlistQueryOptions } from '../api/get-waitlist';
import type { Booking, WaitlistEntry } from '../api/types';
import { groupByDate, localTime } from '../rules/group';
import { BookingModal } from './booking-modal';
import { WaitlistModal } from './waitlist-modal';
import '../bookings.css';

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="stack" role="alert">
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function BookingCard({
  booking,
  isUpcoming,
  onView,
}: {
  booking: Booking;
  isUpcoming: boolean;
  onView: (booking: Booking) => void;
}) {
  const headingId = useId();
  // The rest of each repeated control's accessible name, so a screen reader's list of buttons tells them apart.
  const which = `${booking.name} at ${localTime(booking.startsAt.local)}`;
  const status = isUpcoming ? (
    <Badge tone="success">{BOOKING_TEXTS.booked}</Badge>
  ) : booking.status === 'cancelled' ? (
    <Badge tone="danger">Cancelled</Badge>
  ) : booking.attended === true ? (
    <Badge tone="success">Attended</Badge>
  ) : booking.attended === false ? (
    <Badge>Unattended</Badge>
  ) : null;
  return (
    <li>
      <article className="booking-card booking-card--list" aria-labelledby={headingId}>
        <div className="booking-card__main">
          <h3 className="booking-card__name" id={headingId}>
            {booking.name}
          </h3>
          <dl className="details-list details-list--compact">
            <div>
              <dt>Venue</dt>
              <dd>{booking.venueName || booking.venue.name}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>
                {localTime(booking.startsAt.local)} - {localTime(booking.endsAt.local)}
              </dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{booking.locationName}</dd>
            </div>
          </dl>
        </div>
        <div className="booking-card__side">
          {status}
          <div className="booking-card__actions">
            {isUpcoming && (
              <a
                className={buttonClass('text')}
                href={bookingCalendarHref(booking.id)}
                download={`booking-${booking.id}.ics`}
                aria-label={`Add to calendar: ${which}`}
              >
                Add to calendar
              </a>
            )}
            <Button variant="secondary" aria-label={`View booking: ${which}`} onClick={() => onView(booking)}>
              View booking
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** Upcoming or previous bookings grouped by date, with the booking modal. */
export function BookingsList({
  kind,
  isActivitiesV2,
  onModalClosed,
}: {
  kind: 'upcoming' | 'previous';
  isActivitiesV2: boolean;
  onModalClosed: () => void;
}) {
  const isUpcoming = kind === 'upcoming';
  const bookings = useQuery(bookingsQueryOptions(kind));
  const [selected, setSelected] = useState<Booking | null>(null);
  const groups = useMemo(
    () =>
      groupByDate(
        bookings.data ?? [],
        (b) => b.date,
        (b) => b.datePretty,
      ),
    [bookings.data],
  );

  let content: React.ReactNode;
  if (bookings.isPending) content = <Spinner label="Loading your bookings" />;
  else if (bookings.isError)
    content = <LoadError text={BOOKING_TEXTS.loadFailed} onRetry={() => bookings.refetch()} />;
  else if (groups.length === 0)
    content = (
      <p className="bookings__empty">{isUpcoming ? BOOKING_TEXTS.noUpcoming : BOOKING_TEXTS.noPrevious}</p>
    );
  else
    content = groups.map((group) => (
      <section key={group.date} className="bookings__day" aria-labelledby={`day-${kind}-${group.date}`}>
        <h2 id={`day-${kind}-${group.date}`} className="bookings__date">
          {group.label}
        </h2>
        <ul className="bookings__list">
          {group.items.map((booking) => (
            <BookingCard key={booking.id} booking={booking} isUpcoming={isUpcoming} onView={setSelected} />
          ))}
        </ul>
      </section>
    ));

  return (
    <div className="bookings">
      {content}
      {selected && (
        <BookingModal
          booking={selected}
          isUpcoming={isUpcoming}
          isActivitiesV2={isActivitiesV2}
          onClose={() => {
            setSelected(null);
            onModalClosed();
          }}
        />
      )}
    </div>
  );
}

function WaitlistCard({ entry, onLeave }: { entry: WaitlistEntry; onLeave: (entry: WaitlistEntry) => void }) {
  const headingId = useId();
  const w = entry.waitlistable;
  return (
    <li>
      <article className="booking-card booking-card--list booking-card--waitlist" aria-labelledby={headingId}>
        <div className="booking-card__main">
          <h3 className="booking-card__name" id={headingId}>
            {w.name}
          </h3>
          <dl className="details-list details-list--compact">
            <div>
              <dt>Date</dt>
              <dd>{w.date}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>
                {w.startsAt} - {w.endsAt}
              </dd>
            </div>
            <div>
              <dt>Venue</dt>
              <dd>{w.venueName}</dd>
            </div>
          </dl>
        </div>
        <div className="booking-card__side">
          <p className="booking-card__waitlist">
            <Badge>You're on the waitlist</Badge>
            <span className="booking-card__position">Position {entry.order}</span>
          </p>
          <Button
            variant="secondary"
            aria-label={`Leave waitlist: ${w.name} on ${w.date} at ${w.startsAt}`}
            onClick={() => onLeave(entry)}
          >
            Leave waitlist
          </Button>
        </div>
      </article>
    </li>
  );
}

/** The customer's waitlist entries grouped by date, with the waitlist modal. */
export function WaitlistList({ onModalClosed }: { onModalClosed: () => void }) {
  const waitlist = useQuery(waitlistQueryOptions);
  const [selected, setSelected] = useState<WaitlistEntry | null>(null);
  const groups = useMemo(
    () =>
      groupByDate(
        waitlist.data ?? [],
        (e) => e.date,
        (e) => e.waitlistable.date,
      ),
    [waitlist.data],
  );

  let content: React.ReactNode;
  if (waitlist.isPending) content = <Spinner label="Loading your waitlist bookings" />;
  else if (waitlist.isError)
    content = <LoadError text={BOOKING_TEXTS.waitlistLoadFailed} onRetry={() => waitlist.refetch()} />;
  else if (groups.length === 0) content = <p className="bookings__empty">{BOOKING_TEXTS.noWaitlist}</p>;
  else
    content = groups.map((group) => (
      <section key={group.date} className="bookings__day" aria-labelledby={`day-waitlist-${group.date}`}>
        <h2 id={`day-waitlist-${group.date}`} className="bookings__date">
          {group.label}
        </h2>
        <ul className="bookings__list">
          {group.items.map((entry) => (
            <WaitlistCard key={entry.id} entry={entry} onLeave={setSelected} />
          ))}
        </ul>
      </section>
    ));

  return (
    <div className="bookings">
      {content}
      {selected && (
        <WaitlistModal
          entry={selected}
          onClose={() => {
            setSelected(null);
            onModalClosed();
          }}
        />
      )}
    </div>
  );
}
