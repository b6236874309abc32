import { useEffect, useRef } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { Link } from '../../../lib/router';
import { Button, buttonClass } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { useMakeSessionChoice, useSessionChoice } from '../api/session-choice';

/**
 * A member's answer to a large move of their session (decision 075), from the link in their 'Changed' mail: what
 * moved, then 'Keep my place' or 'Cancel and refund me'; the outcome (or why the link no longer works) in words.
 */
export function SessionChoice({ token }: { token: string }) {
  const about = useSessionChoice(token);
  const choose = useMakeSessionChoice(token);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const done = choose.data ?? null;
  useEffect(() => {
    if (done || choose.error) outcomeRef.current?.focus();
  }, [done, choose.error]);

  if (about.isPending) return <Spinner />;
  if (about.isError)
    return (
      <LoadError text={serverMessageOr(about.error, 'This link could not be read. Please try again.')} />
    );
  const s = about.data;
  const answered = done?.choice ?? s.choice;
  return (
    <div className="stack">
      <p>
        <strong>{s.activityName}</strong> at {s.venueName} has moved from{' '}
        {s.was.replace(`${s.activityName} at `, '')} to{' '}
        <strong>{s.now.replace(`${s.activityName} at `, '')}</strong> ({s.locationName}).
      </p>
      <div ref={outcomeRef} tabIndex={-1}>
        {answered === 'kept' ? (
          <p className="notice notice--success" role="status">
            You are keeping your place. See you there.
          </p>
        ) : answered === 'cancelled' ? (
          <div className="notice notice--success" role="status">
            <p>Your booking is cancelled.</p>
            {done && done.returned.length > 0 && (
              <ul>
                {done.returned.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        ) : choose.error ? (
          <p className="notice notice--danger" role="alert">
            {serverMessageOr(choose.error, 'Your answer could not be saved. Please try again.')}
          </p>
        ) : null}
      </div>
      {!answered && !choose.error && (
        <>
          <p>
            Does the new time suit you? If not, cancel and get back everything you paid ({s.price.formatted}).
          </p>
          <div className="button-row">
            <Button
              isPending={choose.isPending && choose.variables === 'keep'}
              onClick={() => choose.mutate('keep')}
            >
              Keep my place
            </Button>
            <Button
              variant="secondary"
              isPending={choose.isPending && choose.variables === 'cancel'}
              onClick={() => choose.mutate('cancel')}
            >
              Cancel and refund me
            </Button>
          </div>
        </>
      )}
      <p>
        <Link className={buttonClass('text')} to="/bookings/upcoming">
          Your bookings
        </Link>
      </p>
    </div>
  );
}
