import { type StaffPasswordChangeBody, staffPasswordChangeBody } from '@fieldhouse/contract/staff';
import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { TextField } from '../../../ui/text-field';
import { useChangeStaffPassword } from '../api/change-staff-password';

const EMPTY: StaffPasswordChangeBody = { current_password: '', password: '', repeat_password: '' };
const FIELDS = Object.keys(EMPTY);

/**
 * A staff member changes their own password: the current one, then the new one twice, checked by the call's own
 * contract (the staff password rule); the server's word (a wrong current password) shows under its field. Done, the
 * form empties and says that every other place they were logged in has been logged out.
 */
export function StaffPasswordForm() {
  const change = useChangeStaffPassword();
  const headingId = useId();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<StaffPasswordChangeBody>({
    resolver: zodResolver(staffPasswordChangeBody),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit((values) => {
    setDone(false);
    setFormError(null);
    const { current_password: currentPassword, password, repeat_password: repeatPassword } = values;
    change.mutate(
      { currentPassword, password, repeatPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          setDone(true);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const shown = Object.entries(matchServerErrors(error.fieldErrors, FIELDS).messages);
            for (const [index, [field, message]] of shown.entries())
              setError(field as keyof StaffPasswordChangeBody, { message }, { shouldFocus: index === 0 });
            if (shown.length) return;
          }
          setFormError(error.message);
        },
      },
    );
  });

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Change your password</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={STAFF_TEXTS.passwordRule}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="New password again"
          type="password"
          autoComplete="new-password"
          error={errors.repeat_password?.message}
          {...register('repeat_password')}
        />
        <div role="status">
          {done && <p className="notice notice--success">{STAFF_TEXTS.passwordChanged}</p>}
        </div>
        <div role="alert">{formError && <p className="notice notice--danger">{formError}</p>}</div>
        <div className="button-row">
          <Button type="submit" isPending={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
