import { createGuestPassBody } from '@fieldhouse/contract/guest-passes';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { GUEST_PASS_TEXTS } from '@fieldhouse/contract/texts/guest-passes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError, serverMessageOr } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Link } from '../../../lib/router';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { allowancesQueryOptions } from '../api/get-allowances';
import { useSendGuestPass } from '../api/send-guest-pass';
import { sendableVenues } from '../rules/venue-search';

const VenueCombobox = lazy(() => import('./venue-combobox'));

const wire = createGuestPassBody.shape.data.shape;
/** Name and email with the contract's rules and messages; the venue is checked at submit (toast). */
const guestSchema = z.object({ guestName: wire.guest_name, guestEmail: wire.guest_email });
type GuestInput = z.input<typeof guestSchema>;
type GuestOutput = z.output<typeof guestSchema>;

/**
 * The venue field while its code loads: the same label, hint and box, so nothing below it moves when the field
 * arrives (a button that moved under a tap would miss it).
 */
function VenueFieldFallback() {
  return (
    <div className="field">
      <label className="field__label" htmlFor="venue-loading">
        Venue
      </label>
      <span className="field__hint">{GUEST_PASS_TEXTS.venueHint}</span>
      <input id="venue-loading" className="field__input" disabled />
    </div>
  );
}

/** Send a guest pass: name, email and venue (searchable), all required. */
export function GuestPassForm({ userId }: { userId: number }) {
  const allowances = useQuery(allowancesQueryOptions(userId));
  const send = useSendGuestPass(userId);
  const [venueId, setVenueId] = useState<number | null>(null);
  const [venueError, setVenueError] = useState<string | undefined>();
  const [resetCount, setResetCount] = useState(0);
  const options = useMemo(() => (allowances.data ? sendableVenues(allowances.data) : []), [allowances.data]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<GuestInput, unknown, GuestOutput>({
    resolver: zodResolver(guestSchema) as Resolver<GuestInput, unknown, GuestOutput>,
    defaultValues: { guestName: '', guestEmail: '' },
  });

  if (allowances.isPending) return <Spinner label="Loading the guest pass form" />;
  if (allowances.isError)
    return <LoadError text={allowances.error.message} onRetry={() => allowances.refetch()} />;
  // Without an allowance there is nothing to send (the allowances above say so).
  if (allowances.data.length === 0)
    return (
      <div className="stack">
        <h2 id="send-pass-heading">Send a guest pass</h2>
        <Link to="/guest-passes">View sent guest passes</Link>
      </div>
    );

  const onValid = (values: GuestOutput) => {
    if (venueId === null) return;
    send.mutate(
      { guestName: values.guestName, guestEmail: values.guestEmail, venueId: [venueId] },
      {
        onSuccess: () => {
          toast.success(GUEST_PASS_TEXTS.sent, { duration: TOAST_DURATION.default });
          reset();
          setVenueId(null);
          setVenueError(undefined);
          setResetCount((n) => n + 1);
        },
        onError: (error) => {
          toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), {
            duration: TOAST_DURATION.default,
          });
          if (!isApiError(error)) return;
          const fields = error.fieldErrors;
          const first = (key: string) => fields[key]?.[0] ?? fields[`data.${key}`]?.[0];
          const name = first('guestName');
          const email = first('guestEmail');
          const venue = first('venueId');
          if (name) setError('guestName', { message: name });
          if (email) setError('guestEmail', { message: email });
          if (venue) setVenueError(venue);
        },
      },
    );
  };

  return (
    <form
      className="form guest-form"
      noValidate
      aria-labelledby="send-pass-heading"
      onSubmit={(event) => {
        if (venueId === null) {
          toast.error(GUEST_PASS_TEXTS.selectVenue, { duration: TOAST_DURATION.default });
          setVenueError(GUEST_PASS_TEXTS.selectVenue);
        }
        void handleSubmit(onValid)(event);
      }}
    >
      <h2 id="send-pass-heading">Send a guest pass</h2>
      <TextField
        label="Guest name"
        autoComplete="off"
        required
        error={errors.guestName?.message}
        {...register('guestName')}
      />
      <TextField
        label="Guest email"
        type="email"
        autoComplete="off"
        required
        error={errors.guestEmail?.message}
        {...register('guestEmail')}
      />
      <Suspense fallback={<VenueFieldFallback />}>
        <VenueCombobox
          key={resetCount}
          venues={options}
          selectedId={venueId}
          error={venueError}
          onChange={(id) => {
            setVenueId(id);
            if (id !== null) setVenueError(undefined);
          }}
        />
      </Suspense>
      <div className="button-row">
        <Button type="submit" isPending={send.isPending}>
          Send guest pass
        </Button>
        <Link to="/guest-passes" className="btn btn--text">
          View sent guest passes
        </Link>
      </div>
    </form>
  );
}
