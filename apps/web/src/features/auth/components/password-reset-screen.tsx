import { password } from '@fieldhouse/contract/auth';
import { PASSWORD_UPDATED, PASSWORDS_DO_NOT_MATCH } from '@fieldhouse/contract/texts/auth';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Link, Navigate } from '../../../lib/router';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button, buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { usePasswordReset } from '../api/reset-password';
import { passwordResetTokenQueryOptions } from '../api/validate-password-reset-token';
import { NewPasswordFields } from './new-password-fields';

const schema = z
  .object({ password, passwordConfirmation: z.string().min(1, 'Please repeat your password.') })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
type Values = z.infer<typeof schema>;

function ResetForm({ token }: { token: string }) {
  const reset = usePasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  if (reset.isSuccess) {
    return (
      <div className="stack">
        <p role="status">{PASSWORD_UPDATED}</p>
        <Link className={buttonClass('primary')} to="/login">
          Log in to my account
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, ...values },
      {
        onError: (error) => {
          if (!isApiError(error) || error.status !== 422) {
            toast.error((error as Error).message, { duration: TOAST_DURATION.default });
            return;
          }
          const confirmation = error.fieldErrors.passwordConfirmation?.[0];
          const passwordErrors = error.fieldErrors.password ?? [];
          // A server message about the confirmation belongs under the repeat field.
          const aboutConfirmation = passwordErrors.find((m) => /confirm/i.test(m));
          if (confirmation || aboutConfirmation)
            setError('passwordConfirmation', { message: confirmation ?? aboutConfirmation });
          const other = passwordErrors.find((m) => m !== aboutConfirmation);
          if (other) setError('password', { message: other });
          if (!confirmation && !aboutConfirmation && !other) {
            if (/confirm/i.test(error.message)) setError('passwordConfirmation', { message: error.message });
            else setError('password', { message: error.message });
          }
        },
      },
    ),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <NewPasswordFields
        label="New password"
        password={register('password')}
        confirmation={register('passwordConfirmation')}
        passwordError={errors.password?.message}
        confirmationError={errors.passwordConfirmation?.message}
      />
      <Button type="submit" isPending={reset.isPending}>
        Update password
      </Button>
    </form>
  );
}

/** /password-reset/{token}: validate the token, then ask for the new password. */
export function PasswordResetScreen({ token }: { token: string }) {
  const validation = useQuery(passwordResetTokenQueryOptions(token));

  if (validation.isPending) {
    return (
      <div className="auth-card">
        <h1>Reset your password</h1>
        <p role="status">Validating token...</p>
        <Spinner label="Validating token" />
      </div>
    );
  }
  if (validation.isError) {
    const status = isApiError(validation.error) ? validation.error.status : 0;
    if (status === 422) return <Navigate to="/login" replace />;
    return (
      <div className="auth-card">
        <h1>Reset your password</h1>
        <p>
          {status === 403 ? 'This password reset link is invalid or has expired.' : validation.error.message}
        </p>
        <Link className={buttonClass('primary')} to="/login?showForgotPassword=true">
          Request a new link
        </Link>
      </div>
    );
  }
  return (
    <div className="auth-card">
      <h1>Reset your password</h1>
      <p>Choose a new password for {validation.data.email}.</p>
      <ResetForm token={token} />
    </div>
  );
}
