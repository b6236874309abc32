import { type CancelSessionBody, cancelSessionBody } from '@fieldhouse/contract/staff-programme';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { addDays, venueToday } from '../../../lib/dates';
import { zodResolver } from '../../../lib/form-resolver';
import { formatMoney } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextAreaField } from '../../../ui/text-area-field';
import { TextField } from '../../../ui/text-field';
import { type RangeCancellation, useCancelSessionRange } from '../api/cancel-session-range';
import { type RangePreview, type RangeQuery, useRangePreview } from '../api/preview-session-range';
import '../programme.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Filters = {
  venueId: string;
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
  activityId: string;
  locationName: string;
};

/** What the range cancel did: sessions cancelled, bookings and money, those already cancelled, any that failed. */
function RangeCancelled({ result }: { result: RangeCancellation }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const bookings = result.cancelled.reduce((n, c) => n + c.bookingsCancelled, 0);
  const refunded = result.cancelled.reduce((n, c) => n + c.refunded.raw, 0);
  const mails = result.cancelled.reduce((n, c) => n + c.mailsQueued, 0);
  return (
    <div className="stack">
      <div className="notice notice--success" role="status" tabIndex={-1} ref={ref}>
        <p>
          <strong>Cancelled {plural(result.cancelled.length, 'session', 'sessions')}.</strong>
        </p>
        <ul>
          <li>{plural(bookings, 'booking cancelled', 'bookings cancelled')}</li>
          <li>{formatMoney(refunded)} going back to cards and account credit</li>
          <li>{plural(mails, 'member emailed', 'members emailed')}</li>
          {result.alreadyCancelled.length > 0 && (
            <li>
              {plural(result.alreadyCancelled.length, 'session was', 'sessions were')} already cancelled
            </li>
          )}
        </ul>
      </div>
      {result.failed.length > 0 && (
        <div className="notice notice--danger" role="alert">
          <p>
            {plural(result.failed.length, 'session was', 'sessions were')} not cancelled (the others are):
          </p>
          <ul>
            {result.failed.map((f) => (
              <li key={f.sessionId}>
                {f.label}: {f.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The preview: each session with its bookings and what they paid, the totals, then the reason and the cancel. */
function RangePreviewPanel({
  preview,
  range,
  onDone,
}: {
  preview: RangePreview;
  range: RangeQuery;
  onDone: (result: RangeCancellation) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const cancel = useCancelSessionRange();
  useEffect(() => headingRef.current?.focus(), []);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CancelSessionBody>({ resolver: zodResolver(cancelSessionBody), defaultValues: { reason: '' } });
  const serverError =
    cancel.error && !(isApiError(cancel.error) && cancel.error.fieldErrors.reason)
      ? serverMessageOr(cancel.error, 'The sessions could not be cancelled. Please try again.')
      : null;
  const n = preview.toCancel;

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {n > 0 ? `${plural(n, 'session', 'sessions')} to cancel` : 'Nothing left to cancel'} at{' '}
        {preview.venueName}
      </h2>
      <ul className="range-totals">
        <li>{plural(preview.bookings, 'booking', 'bookings')} to cancel</li>
        <li>
          Up to {formatMoney(preview.paid.raw)} back to members (membership and package sessions go back to
          their allowance)
        </li>
        {preview.alreadyCancelled > 0 && (
          <li>{plural(preview.alreadyCancelled, 'session is', 'sessions are')} already cancelled</li>
        )}
      </ul>
      <div className="range-table__scroll">
        <table className="range-table">
          <caption className="visually-hidden">Sessions in the range</caption>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Location</th>
              <th scope="col">Bookings</th>
              <th scope="col">Paid</th>
            </tr>
          </thead>
          <tbody>
            {preview.sessions.map((s) => (
              <tr key={s.id} className={s.alreadyCancelled ? 'range-table__cancelled' : undefined}>
                <th scope="row">
                  {s.label}
                  {s.alreadyCancelled && (
                    <>
                      {' '}
                      <Badge>Already cancelled</Badge>
                    </>
                  )}
                </th>
                <td>{s.locationName}</td>
                <td>{s.bookings}</td>
                <td>{formatMoney(s.paid.raw)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {n > 0 && (
        <form
          className="form"
          noValidate
          onSubmit={handleSubmit((values) =>
            cancel.mutate(
              { ...range, reason: values.reason.trim() },
              {
                onSuccess: onDone,
                onError: (error) => {
                  const message = isApiError(error) ? error.fieldErrors.reason?.[0] : undefined;
                  if (message) setError('reason', { message }, { shouldFocus: true });
                },
              },
            ),
          )}
        >
          <TextAreaField
            label="Reason"
            hint="Members read it in their email, e.g. 'The pool is closed for repairs.'"
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason')}
          />
          {serverError && (
            <p className="notice notice--danger" role="alert">
              {serverError}
            </p>
          )}
          <Button type="submit" isPending={cancel.isPending}>
            {cancel.isPending
              ? 'Cancelling…'
              : `Cancel ${plural(n, 'session', 'sessions')} and refund everyone`}
          </Button>
        </form>
      )}
    </section>
  );
}

/**
 * Cancel a range (issue 35, item 1; decision 075): a venue, a time range and optionally one activity or location;
 * 'Preview' lists the sessions with their bookings and money, then a reason and one press cancels them all, each
 * in its own transaction (the server refuses an empty range in words).
 */
export function RangeCancel({ venues }: { venues: { id: number; name: string }[] }) {
  const today = venueToday();
  const tomorrow = addDays(today, 1);
  const { register, handleSubmit, watch } = useForm<Filters>({
    defaultValues: {
      venueId: String(venues[0]?.id ?? ''),
      fromDate: tomorrow,
      fromTime: '06:00',
      toDate: tomorrow,
      toTime: '22:00',
      activityId: '',
      locationName: '',
    },
  });
  const [range, setRange] = useState<RangeQuery | null>(null);
  const [options, setOptions] = useState<{ venueId: number; preview: RangePreview } | null>(null);
  const [result, setResult] = useState<RangeCancellation | null>(null);
  const preview = useRangePreview(range);
  const venueId = Number(watch('venueId'));
  const fieldIds = { venue: useId(), activity: useId(), location: useId() };
  useEffect(() => {
    if (preview.data && range) setOptions({ venueId: range.venueId, preview: preview.data });
  }, [preview.data, range]);
  const filters = options?.venueId === venueId ? options.preview : null;

  return (
    <div className="stack">
      <form
        className="range-filters"
        noValidate
        onSubmit={handleSubmit((v) => {
          setResult(null);
          setRange({
            venueId: Number(v.venueId),
            from: `${v.fromDate}T${v.fromTime}`,
            to: `${v.toDate}T${v.toTime}`,
            activityId: v.activityId ? Number(v.activityId) : undefined,
            locationName: v.locationName || undefined,
          });
        })}
      >
        <div className="field">
          <label className="field__label" htmlFor={fieldIds.venue}>
            Venue
          </label>
          <select id={fieldIds.venue} className="field__input" {...register('venueId')}>
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <TextField label="From date" type="date" required {...register('fromDate', { required: true })} />
        <TextField label="From time" type="time" required {...register('fromTime', { required: true })} />
        <TextField label="To date" type="date" required {...register('toDate', { required: true })} />
        <TextField label="To time" type="time" required {...register('toTime', { required: true })} />
        <div className="field">
          <label className="field__label" htmlFor={fieldIds.activity}>
            Activity
          </label>
          <select id={fieldIds.activity} className="field__input" {...register('activityId')}>
            <option value="">All activities</option>
            {filters?.activities.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fieldIds.location}>
            Location
          </label>
          <select id={fieldIds.location} className="field__input" {...register('locationName')}>
            <option value="">All locations</option>
            {filters?.locations.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Preview
        </Button>
      </form>
      {!filters && <p className="muted">Preview once to narrow the range to one activity or location.</p>}
      {result ? (
        <RangeCancelled result={result} />
      ) : !range ? null : preview.isPending ? (
        <Spinner />
      ) : preview.error ? (
        <p className="notice notice--danger" role="alert">
          {serverMessageOr(preview.error, 'The sessions could not be found. Please try again.')}
        </p>
      ) : (
        <RangePreviewPanel
          key={JSON.stringify(range)}
          preview={preview.data}
          range={range}
          onDone={setResult}
        />
      )}
    </div>
  );
}
