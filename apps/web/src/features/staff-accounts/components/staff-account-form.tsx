import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffAccountBody,
  staffAccountBody,
  worksEverywhere,
} from '@fieldhouse/contract/staff';
import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { TextField } from '../../../ui/text-field';
import '../staff-accounts.css';
import { useCreateStaffAccount } from '../api/create-staff-account';
import type { StaffVenue } from '../api/get-staff-venues';
import { StaffVenueCheckboxes } from './staff-venue-checkboxes';

const EMPTY: StaffAccountBody = { name: '', email: '', role: 'front_desk', venue_ids: [], password: '' };
const FIELDS = Object.keys(EMPTY);

/**
 * A new staff account: name, email, role, the venues a centre manager or front desk works at (an administrator
 * has them all) and a first password, checked by the call's own contract; the server's word (an email already
 * used, a role without venues) shows under its field.
 */
export function StaffAccountForm({ venues }: { venues: StaffVenue[] }) {
  const create = useCreateStaffAccount();
  const headingId = useId();
  const roleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<StaffAccountBody>({ resolver: zodResolver(staffAccountBody), defaultValues: EMPTY });
  // The venue checkboxes write one list of ids (registered by name only; react-hook-form's useController would add
  // its code to the chunk the member sites' forms share).
  useEffect(() => {
    register('venue_ids');
  }, [register]);
  const [role, venueIds] = useWatch({ control, name: ['role', 'venue_ids'] });
  const isAdministrator = worksEverywhere(role);
  const venueError = errors.venue_ids?.message ?? errors.venue_ids?.root?.message;

  const submit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(
      {
        email: values.email,
        name: values.name,
        role: values.role,
        venueIds: worksEverywhere(values.role) ? [] : values.venue_ids,
        password: values.password,
      },
      {
        onSuccess: (account) => {
          reset(EMPTY);
          toast.success(`Staff account created for ${account.name}`, { duration: TOAST_DURATION.default });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const shown = Object.entries(matchServerErrors(error.fieldErrors, FIELDS).messages);
            for (const [index, [field, message]] of shown.entries())
              setError(field as keyof StaffAccountBody, { message }, { shouldFocus: index === 0 });
            if (shown.length) return;
          }
          setFormError(error.message);
        },
      },
    );
  });

  const toggleVenue = (id: number, isChecked: boolean) =>
    setValue('venue_ids', isChecked ? [...venueIds, id] : venueIds.filter((venueId) => venueId !== id), {
      shouldValidate: isSubmitted,
      shouldDirty: true,
    });

  return (
    <section className="card staff-account-form" aria-labelledby={headingId}>
      <h2 id={headingId}>New staff account</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <div className="form__row">
          <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            Role
          </label>
          <select id={roleId} className="field__input" {...register('role')}>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {STAFF_ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {isAdministrator ? (
          <p className="muted">{STAFF_ROLE_LABELS[role]} staff work at every venue.</p>
        ) : (
          <StaffVenueCheckboxes
            venues={venues}
            selected={venueIds}
            error={venueError}
            onToggle={toggleVenue}
          />
        )}
        <TextField
          label="First password"
          type="password"
          autoComplete="new-password"
          hint={STAFF_TEXTS.passwordRule}
          error={errors.password?.message}
          {...register('password')}
        />
        {formError && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        <div className="button-row">
          <Button type="submit" isPending={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create staff account'}
          </Button>
        </div>
      </form>
    </section>
  );
}
