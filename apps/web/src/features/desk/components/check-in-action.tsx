import { useEffect, useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { type CheckIn, useCheckIn } from '../api/check-in-customer';
import { type WorkVenue, WorkVenueField } from './work-venue-field';

/**
 * 'Check in' at the staff member's venue (a choice when they work at several), confirmed before it is recorded;
 * the outcome is announced and the view's check-ins reload.
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
  const checkIn = useCheckIn(customerId);
  const [venueId, setVenueId] = useState<number | null>(venues[0]?.id ?? null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [done, setDone] = useState<CheckIn | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const venue = venues.find((v) => v.id === venueId) ?? null;

  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
  }, [isConfirming]);

  const confirm = () => {
    if (!venue) return;
    checkIn.mutate(venue.id, {
      onSuccess: (recorded) => {
        setDone(recorded);
        setIsConfirming(false);
      },
    });
  };
  const cancel = () => {
    setIsConfirming(false);
    checkIn.reset();
    requestAnimationFrame(() => startRef.current?.focus());
  };

  return (
    <div className="desk-check-in">
      {venues.length > 1 && !isConfirming && (
        <WorkVenueField venues={venues} value={venueId} onChange={setVenueId} label="Check in at" />
      )}
      {isConfirming && venue ? (
        <div className="desk-check-in__confirm">
          <p>
            Check {customerName} in at {venue.name} now?
          </p>
          <div className="button-row">
            <Button ref={confirmRef} onClick={confirm} isPending={checkIn.isPending}>
              Confirm check-in
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={checkIn.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          ref={startRef}
          onClick={() => {
            setDone(null);
            setIsConfirming(true);
          }}
          disabled={!venue}
        >
          Check in
        </Button>
      )}
      <div role="status" aria-live="polite" className="desk-check-in__status">
        {done && (
          <p className="notice notice--success">
            Checked in at {done.venue.name}, {done.at.pretty}.
          </p>
        )}
      </div>
      {checkIn.isError && (
        <p className="field__error" role="alert">
          {serverMessageOr(checkIn.error, checkIn.error.message)}
        </p>
      )}
    </div>
  );
}
