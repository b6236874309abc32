import { type WalkInBody, walkInBody } from '@fieldhouse/contract/staff-members';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { CheckboxField, TextField } from '../../../ui/text-field';
import { useCreateWalkIn } from '../api/create-walk-in';
import { showServerErrors } from './server-errors';
import '../member-record.css';

const FIELDS: (keyof WalkInBody)[] = [
  'first_name',
  'last_name',
  'email',
  'shared_email',
  'phone',
  'home_venue_id',
  'invite',
];

/**
 * A walk-in customer: a name and an email or phone, their home venue (one the staff member works at), and
 * whether to email them a link to set a password and use the website. The server's word shows under its field.
 */
export function NewCustomerForm({
  venues,
  onCreated,
}: {
  venues: readonly { id: number; name: string }[];
  onCreated: (created: { id: number; reference: string; invited: boolean }) => void;
}) {
  const create = useCreateWalkIn();
  const venueId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<WalkInBody>({
    resolver: zodResolver(walkInBody),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      shared_email: false,
      home_venue_id: venues[0]?.id ?? 0,
      invite: false,
    },
  });
  const email = useWatch({ control, name: 'email' });

  const submit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: onCreated,
      onError: (error) => setFormError(showServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <form className="form member-form" onSubmit={submit} noValidate>
      <div className="form__row">
        <TextField
          label="First name"
          autoComplete="off"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <p className="muted">An email address or a phone number (or both).</p>
      <div className="form__row">
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      <CheckboxField
        label="Shared family email (another account uses this address)"
        {...register('shared_email')}
      />
      <div className="field">
        <label className="field__label" htmlFor={venueId}>
          Home venue
        </label>
        <select
          id={venueId}
          className="field__input"
          aria-invalid={errors.home_venue_id ? true : undefined}
          aria-describedby={errors.home_venue_id ? `${venueId}-error` : undefined}
          {...register('home_venue_id', { valueAsNumber: true })}
        >
          {venues.map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </select>
        {errors.home_venue_id && (
          <p className="field__error" id={`${venueId}-error`} role="alert">
            {errors.home_venue_id.message}
          </p>
        )}
      </div>
      <CheckboxField
        label="Email them a link to set a password and use the website"
        disabled={!email}
        error={errors.invite?.message}
        {...register('invite')}
      />
      {formError && (
        <p className="field__error" role="alert">
          {formError}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" isPending={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create customer'}
        </Button>
      </div>
    </form>
  );
}
