import { type CancelSessionBody, cancelSessionBody } from '@fieldhouse/contract/staff-programme';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-area-field';
import { type SessionCancellation, useCancelSession } from '../api/cancel-session';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the cancellation did, in a few lines: bookings, where the money went, what is still pending, mails. */
function CancelledSummary({ result }: { result: SessionCancellation }) {
  const sum = (pick: (r: SessionCancellation['refunds'][number]) => boolean) =>
    result.refunds.filter(pick).reduce((n, r) => n + r.amount.raw, 0);
  const toCard = sum((r) => r.destination === 'card');
  const pending = sum((r) => r.destination === 'card' && r.status === 'pending');
  const toCredit = sum((r) => r.destination === 'credit');
  return (
    <div className="notice notice--success" role="status">
      <p>
        <strong>Cancelled.</strong> {result.reason}
      </p>
      <ul>
        <li>{plural(result.bookingsCancelled, 'booking cancelled', 'bookings cancelled')}</li>
        {toCard > 0 && (
          <li>
            {formatMoney(toCard)} back to cards
            {pending > 0
              ? ` (${formatMoney(pending)} pending with the card provider, retried until made)`
              : ''}
          </li>
        )}
        {toCredit > 0 && <li>{formatMoney(toCredit)} back to account credit</li>}
        {result.allowancesReturned > 0 && (
          <li>
            {plural(
              result.allowancesReturned,
              'membership or package session',
              'membership or package sessions',
            )}{' '}
            given back
          </li>
        )}
        {result.waitlistEnded > 0 && (
          <li>{plural(result.waitlistEnded, 'waitlist place', 'waitlist places')} ended</li>
        )}
        <li>{plural(result.mailsQueued, 'member emailed', 'members emailed')}</li>
      </ul>
    </div>
  );
}

/**
 * Cancel the session (administrators and centre managers): a reason members read in their mail, then one press
 * that cancels every booking and gives everyone back what they paid with (decision 064). Asks once more before it
 * does; the server refuses a second cancellation, a session that has started, and a missing reason, in words.
 */
export function CancelSession({ sessionId, onCancelled }: { sessionId: number; onCancelled: () => void }) {
  const headingId = useId();
  const cancel = useCancelSession(sessionId);
  const [isOpen, setIsOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CancelSessionBody>({ resolver: zodResolver(cancelSessionBody), defaultValues: { reason: '' } });
  const serverError =
    cancel.error && !(isApiError(cancel.error) && cancel.error.fieldErrors.reason)
      ? serverMessageOr(cancel.error, 'The session could not be cancelled. Please try again.')
      : null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Cancel this session</h2>
      {cancel.data ? (
        <CancelledSummary result={cancel.data} />
      ) : !isOpen ? (
        <>
          <p className="muted">
            Every booking is cancelled and each member gets back what they paid with: card payments refunded
            to the card, credit to credit, membership and package sessions to their allowance. Everyone booked
            or waiting is emailed.
          </p>
          <Button variant="secondary" onClick={() => setIsOpen(true)}>
            Cancel session…
          </Button>
        </>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={handleSubmit((values) =>
            cancel.mutate(values.reason.trim(), {
              onSuccess: onCancelled,
              onError: (error) => {
                const message = isApiError(error) ? error.fieldErrors.reason?.[0] : undefined;
                if (message) setError('reason', { message }, { shouldFocus: true });
              },
            }),
          )}
        >
          <TextAreaField
            label="Reason"
            hint="Members read it in their email, e.g. 'The instructor is ill.'"
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason')}
          />
          {serverError && (
            <p className="notice notice--danger" role="alert">
              {serverError}
            </p>
          )}
          <div className="button-row">
            <Button type="submit" isPending={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel session and refund everyone'}
            </Button>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Keep the session
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
