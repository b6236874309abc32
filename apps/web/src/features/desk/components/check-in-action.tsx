import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { type CheckIn, useCheckIn } from '../api/check-in-customer';
import { type CheckInVerdict, useCheckInVerdict } from '../api/get-check-in-verdict';
import { CheckInOverride } from './check-in-override';
import { type WorkVenue, WorkVenueField } from './work-venue-field';

/**
 * Check-in at the staff member's venue (a choice when they work at several). Opening the customer asks the server
 * whether they may enter now: 'May enter' with what lets them in, or 'Cannot enter' with the reasons (words and a
 * sign, not colour alone). 'Check in' is confirmed before it is recorded; a refused member is let in only through
 * 'Override and check in' with a reason. The server decides again on confirming; the outcome is announced.
 */
export function CheckInAction({
  customerId,
  customerName,
  venues,
}: {
  customerId: number;
  customerName: string;
  venues: readonly WorkVenue[];
}) {
  const headingId = useId();
  const [venueId, setVenueId] = useState<number | null>(venues[0]?.id ?? null);
  const verdict = useCheckInVerdict(customerId, venueId);
  const checkIn = useCheckIn(customerId);
  const [step, setStep] = useState<'idle' | 'confirming' | 'overriding'>('idle');
  const [done, setDone] = useState<CheckIn | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const venue = venues.find((v) => v.id === venueId) ?? null;
  const allowed = verdict.data?.allowed ?? false;

  // Focus follows the step: to 'Confirm check-in' when asked, and back to the button that started it afterwards
  // (once it is there again: it waits for the verdict).
  const returnFocus = useRef(false);
  const hasVerdict = verdict.data !== undefined;
  useEffect(() => {
    if (step === 'confirming') confirmRef.current?.focus();
    if (step === 'idle' && returnFocus.current && hasVerdict && startRef.current) {
      returnFocus.current = false;
      startRef.current.focus();
    }
  }, [step, hasVerdict]);

  const backToStart = () => {
    returnFocus.current = true;
    setStep('idle');
  };
  const submit = (overrideReason?: string) => {
    if (!venue) return;
    checkIn.mutate(
      { venueId: venue.id, overrideReason },
      {
        onSuccess: (recorded) => {
          setDone(recorded);
          backToStart();
        },
        // Refused meanwhile (the verdict reloads): back to the start, the server's words under it.
        onError: backToStart,
      },
    );
  };
  const start = () => {
    setDone(null);
    checkIn.reset();
    setStep(allowed ? 'confirming' : 'overriding');
  };
  const cancel = () => {
    checkIn.reset();
    backToStart();
  };

  return (
    <section className="desk-check-in" aria-labelledby={headingId}>
      <h2 id={headingId} className="desk-check-in__title">
        Check-in
      </h2>
      {venues.length > 1 && step === 'idle' && (
        <WorkVenueField venues={venues} value={venueId} onChange={setVenueId} label="Check in at" />
      )}
      {venue && <VerdictPanel query={verdict} customerName={customerName} />}
      {step === 'confirming' && venue && (
        <div className="desk-check-in__confirm">
          <p>
            Check {customerName} in at {venue.name} now?
          </p>
          <div className="button-row">
            <Button ref={confirmRef} onClick={() => submit()} isPending={checkIn.isPending}>
              Confirm check-in
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={checkIn.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {step === 'overriding' && venue && (
        <CheckInOverride
          customerName={customerName}
          venueName={venue.name}
          isPending={checkIn.isPending}
          onSubmit={submit}
          onCancel={cancel}
        />
      )}
      {step === 'idle' && verdict.data && (
        <Button ref={startRef} variant={allowed ? 'primary' : 'secondary'} onClick={start}>
          {allowed ? 'Check in' : 'Override and check in'}
        </Button>
      )}
      <div role="status" aria-live="polite" className="desk-check-in__status">
        {done && (
          <p className="notice notice--success">
            Checked in at {done.venue.name}, {done.at.pretty}
            {done.overrideReason ? ` (override: ${done.overrideReason})` : ''}.
          </p>
        )}
      </div>
      {checkIn.isError && (
        <p className="field__error" role="alert">
          {serverMessageOr(checkIn.error, checkIn.error.message)}
        </p>
      )}
    </section>
  );
}

/** The desk's verdict: 'May enter' with what lets them in, or 'Cannot enter:' and each reason. */
function VerdictPanel({
  query,
  customerName,
}: {
  query: ReturnType<typeof useCheckInVerdict>;
  customerName: string;
}) {
  if (query.isPending) return <p className="muted">Checking whether {customerName} may enter…</p>;
  if (query.isError)
    return (
      <div className="desk-verdict desk-verdict--unknown" role="alert">
        <p>{serverMessageOr(query.error, 'Whether they may enter could not be checked.')}</p>
        <Button variant="text" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const v: CheckInVerdict = query.data;
  if (v.allowed)
    return (
      <div className="desk-verdict desk-verdict--allowed" data-testid="check-in-verdict">
        <p className="desk-verdict__title">
          <span aria-hidden="true">✓ </span>May enter
        </p>
        {v.entry && (
          <p className="desk-verdict__detail">
            {v.entry.kind === 'membership' ? 'Membership: ' : 'Booked: '}
            {v.entry.description}
          </p>
        )}
      </div>
    );
  return (
    <div className="desk-verdict desk-verdict--refused" data-testid="check-in-verdict">
      <p className="desk-verdict__title">
        <span aria-hidden="true">✕ </span>Cannot enter:
      </p>
      <ul className="desk-verdict__reasons">
        {v.reasons.map((r) => (
          <li key={`${r.code}-${r.text}`}>{r.text}</li>
        ))}
      </ul>
    </div>
  );
}
