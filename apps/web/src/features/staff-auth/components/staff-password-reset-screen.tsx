import { type StaffPasswordResetBody, staffPasswordResetBody } from '@fieldhouse/contract/staff';
import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Link } from '../../../lib/router';
import { Button, buttonClass } from '../../../ui/button';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { staffPasswordLinkQueryOptions } from '../api/check-staff-password-link';
import { useResetStaffPassword } from '../api/reset-staff-password';

const FIELDS = ['password', 'repeat_password'];

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetStaffPassword();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StaffPasswordResetBody>({
    resolver: zodResolver(staffPasswordResetBody),
    defaultValues: { token, password: '', repeat_password: '' },
  });
  useEffect(() => {
    if (reset.isSuccess) doneRef.current?.focus();
  }, [reset.isSuccess]);

  if (reset.isSuccess)
    return (
      <div className="stack">
        <p role="status" tabIndex={-1} ref={doneRef} className="notice notice--success">
          {STAFF_TEXTS.passwordSet}
        </p>
        <Link className={buttonClass('primary')} to="/login">
          Log in
        </Link>
      </div>
    );

  const submit = handleSubmit((values) =>
    reset.mutate(
      { token, password: values.password, repeatPassword: values.repeat_password },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const shown = Object.entries(matchServerErrors(error.fieldErrors, FIELDS).messages);
            for (const [index, [field, message]] of shown.entries())
              setError(field as keyof StaffPasswordResetBody, { message }, { shouldFocus: index === 0 });
            if (shown.length) return;
          }
          setError('password', { message: error.message }, { shouldFocus: true });
        },
      },
    ),
  );
  return (
    <form className="form" onSubmit={submit} noValidate>
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
      <div className="button-row">
        <Button type="submit" isPending={reset.isPending}>
          Set new password
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/password-reset/{token}: the link an administrator mailed. Still good, it greets the staff member and asks
 * for the new password twice (the staff rule); used or expired, it says to ask for a new one.
 */
export function StaffPasswordResetScreen({ token }: { token: string }) {
  const link = useQuery(staffPasswordLinkQueryOptions(token));
  const headingId = useId();
  return (
    <section className="admin-login card" aria-labelledby={headingId}>
      <h1 id={headingId}>Choose a new password</h1>
      {link.isPending ? (
        <Spinner label="Checking the link" />
      ) : link.isError ? (
        <div className="stack">
          <p className="notice notice--danger">
            {isApiError(link.error) && link.error.status === 403
              ? STAFF_TEXTS.passwordLinkInvalid
              : link.error.message}
          </p>
          <Link className={buttonClass('secondary')} to="/login">
            Go to staff log in
          </Link>
        </div>
      ) : (
        <>
          <p>
            {link.data.name}, choose a new password for {link.data.email}. You will then log in with it.
          </p>
          <NewPasswordForm token={token} />
        </>
      )}
    </section>
  );
}
