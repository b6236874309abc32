import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/text-area-field';
import { TextField } from '../../../ui/text-field';
import { useChangeSession } from '../api/change-session';

type Values = { date: string; time: string; location: string; capacity: string; reason: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Move or change the session (administrators and centre managers; decision 075): its start (date and time at the
 * venue), location and capacity, with a reason members read. Members booked are emailed; after a large move they
 * may keep their place or cancel with a full refund from their mail. The server refuses a capacity below the places
 * booked, naming how many, under the field.
 */
export function ChangeSession({
  session,
  onChanged,
}: {
  session: { id: number; startsLocal: string; location: string; capacity: number };
  onChanged: () => void;
}) {
  const headingId = useId();
  const change = useChangeSession(session.id);
  const [isOpen, setIsOpen] = useState(false);
  const initial: Values = {
    date: session.startsLocal.slice(0, 10),
    time: session.startsLocal.slice(11, 16),
    location: session.location,
    capacity: String(session.capacity),
    reason: '',
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: initial });
  const fieldError =
    isApiError(change.error) &&
    (change.error.fieldErrors.capacity ||
      change.error.fieldErrors.startsAt ||
      change.error.fieldErrors.locationName);
  const serverError =
    change.error && !fieldError
      ? serverMessageOr(change.error, 'The session could not be changed. Please try again.')
      : null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Move or change this session</h2>
      {change.data && !isOpen && (
        <div className="notice notice--success" role="status">
          <p>
            <strong>Changed.</strong>{' '}
            {change.data.mailsQueued > 0
              ? `${plural(change.data.mailsQueued, 'member', 'members')} emailed${
                  change.data.choiceOffered ? ': each may keep their place or cancel with a full refund' : ''
                }.`
              : 'Nobody booked needed telling.'}
          </p>
        </div>
      )}
      {!isOpen ? (
        <>
          <p className="muted">
            Members booked are emailed. A large move (over 30 minutes, unless your organisation set another
            limit) or a move to another day lets each of them keep their place or cancel with a full refund.
            The capacity cannot drop below the places booked.
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              reset(initial);
              change.reset();
              setIsOpen(true);
            }}
          >
            Move or change…
          </Button>
        </>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={handleSubmit((v) => {
            const startsAt = `${v.date}T${v.time}`;
            change.mutate(
              {
                startsAt: startsAt !== session.startsLocal.slice(0, 16) ? startsAt : undefined,
                locationName: v.location.trim() !== session.location ? v.location.trim() : undefined,
                capacity: Number(v.capacity) !== session.capacity ? Number(v.capacity) : undefined,
                reason: v.reason.trim() || undefined,
              },
              {
                onSuccess: () => {
                  setIsOpen(false);
                  onChanged();
                },
                onError: (error) => {
                  if (!isApiError(error)) return;
                  const f = error.fieldErrors;
                  if (f.capacity?.[0])
                    setError('capacity', { message: f.capacity[0] }, { shouldFocus: true });
                  else if (f.startsAt?.[0])
                    setError('time', { message: f.startsAt[0] }, { shouldFocus: true });
                  else if (f.locationName?.[0])
                    setError('location', { message: f.locationName[0] }, { shouldFocus: true });
                },
              },
            );
          })}
        >
          <TextField
            label="Date"
            type="date"
            error={errors.date?.message}
            {...register('date', { required: 'Give the date.' })}
          />
          <TextField
            label="Start time"
            type="time"
            error={errors.time?.message}
            {...register('time', { required: 'Give the start time.' })}
          />
          <TextField
            label="Location"
            error={errors.location?.message}
            {...register('location', { required: 'Give the location.' })}
          />
          <TextField
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            error={errors.capacity?.message}
            {...register('capacity', {
              required: 'Give the capacity.',
              validate: (v) =>
                (Number.isInteger(Number(v)) && Number(v) >= 1) || 'Capacity is a whole number, 1 or more.',
            })}
          />
          <TextAreaField
            label="Reason (optional)"
            hint="Members read it in their email, e.g. 'The studio floor is being repaired.'"
            maxLength={500}
            {...register('reason')}
          />
          {serverError && (
            <p className="notice notice--danger" role="alert">
              {serverError}
            </p>
          )}
          <div className="button-row">
            <Button type="submit" isPending={change.isPending}>
              {change.isPending ? 'Saving…' : 'Save and tell members'}
            </Button>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Keep it as it is
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
