import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffAccountUpdateBody,
  staffAccountUpdateBody,
  worksEverywhere,
} from '@fieldhouse/contract/staff';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import type { StaffAccount } from '../api/get-staff-accounts';
import type { StaffVenue } from '../api/get-staff-venues';
import { useUpdateStaffAccount } from '../api/update-staff-account';
import { StaffVenueCheckboxes } from './staff-venue-checkboxes';

const FIELDS = ['role', 'venue_ids'];

/**
 * An account's role and the venues a centre manager or front desk works at, checked by the call's own contract; the
 * server's word (one's own role, the last administrator, a role without venues) shows under its field. Saved, the
 * status line says so and the list shows the change.
 */
export function StaffAccessForm({ account, venues }: { account: StaffAccount; venues: StaffVenue[] }) {
  const update = useUpdateStaffAccount();
  const headingId = useId();
  const roleId = useId();
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // Saving disables the button, which takes the focus from it: the outcome takes it instead (a field's error takes
  // it through setError).
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved || formError) outcomeRef.current?.focus();
  }, [saved, formError]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<StaffAccountUpdateBody>({
    resolver: zodResolver(staffAccountUpdateBody),
    defaultValues: {
      role: account.role,
      venue_ids: worksEverywhere(account.role) ? [] : account.venues.map((v) => v.id),
    },
  });
  useEffect(() => {
    register('venue_ids');
  }, [register]);
  const [role, venueIds] = useWatch({ control, name: ['role', 'venue_ids'] });
  const roleError = errors.role?.message;
  const venueError = errors.venue_ids?.message ?? errors.venue_ids?.root?.message;

  const submit = handleSubmit((values) => {
    setSaved(false);
    setFormError(null);
    update.mutate(
      {
        id: account.id,
        role: values.role,
        venueIds: worksEverywhere(values.role) ? [] : values.venue_ids,
      },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const shown = Object.entries(matchServerErrors(error.fieldErrors, FIELDS).messages);
            for (const [index, [field, message]] of shown.entries())
              setError(field as keyof StaffAccountUpdateBody, { message }, { shouldFocus: index === 0 });
            if (shown.length) return;
          }
          setFormError(error.message);
        },
      },
    );
  });

  const toggleVenue = (id: number, isChecked: boolean) => {
    setSaved(false);
    setValue('venue_ids', isChecked ? [...venueIds, id] : venueIds.filter((venueId) => venueId !== id), {
      shouldValidate: isSubmitted,
      shouldDirty: true,
    });
  };

  return (
    <section className="staff-manage__part" aria-labelledby={headingId}>
      <h3 id={headingId}>Role and venues</h3>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            Role
          </label>
          <select
            id={roleId}
            className="field__input"
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? `${roleId}-error` : undefined}
            {...register('role', { onChange: () => setSaved(false) })}
          >
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {STAFF_ROLE_LABELS[value]}
              </option>
            ))}
          </select>
          {roleError && (
            <p className="field__error" id={`${roleId}-error`} role="alert">
              {roleError}
            </p>
          )}
        </div>
        {worksEverywhere(role) ? (
          <p className="muted">{STAFF_ROLE_LABELS[role]} staff work at every venue.</p>
        ) : (
          <StaffVenueCheckboxes
            venues={venues}
            selected={venueIds}
            error={venueError}
            onToggle={toggleVenue}
          />
        )}
        <div role="status">
          {saved && (
            <p className="notice notice--success" tabIndex={-1} ref={outcomeRef}>
              Role and venues saved.
            </p>
          )}
        </div>
        <div role="alert">
          {formError && (
            <p className="notice notice--danger" tabIndex={-1} ref={outcomeRef}>
              {formError}
            </p>
          )}
        </div>
        <div className="button-row">
          <Button type="submit" isPending={update.isPending}>
            Save role and venues
          </Button>
        </div>
      </form>
    </section>
  );
}
