import { type StaffLoginBody, staffLoginBody } from '@fieldhouse/contract/staff';
import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { zodResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import type { StaffMember } from '../api/get-staff-me';
import { useStaffLogin } from '../api/log-in-staff';

type Step = 'credentials' | 'code';
/** The fields each step shows. */
const STEP_FIELDS = { credentials: ['email', 'password'], code: ['code'] } as const;

/**
 * Staff login: email and password, then, when the account has a second factor (the server answers
 * `code_required`), the six-digit code from the authenticator app. Problems show in place: the server's field
 * errors (422) under their fields, anything else (429 too many attempts, no connection) above the button.
 */
export function StaffLoginForm({ onLoggedIn }: { onLoggedIn: (staff: StaffMember) => void }) {
  const login = useStaffLogin();
  const [step, setStep] = useState<Step>('credentials');
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorId = useId();
  const {
    register,
    unregister,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<StaffLoginBody>({
    resolver: zodResolver(staffLoginBody),
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });

  useEffect(() => {
    setFocus(step === 'code' ? 'code' : 'email');
  }, [step, setFocus]);

  const submit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: (reply) => {
        if (reply.staff) onLoggedIn(reply.staff);
        else if (reply.codeRequired) setStep('code');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          let isShown = false;
          for (const field of STEP_FIELDS[step]) {
            const message = error.fieldErrors[field]?.[0];
            if (!message) continue;
            setError(field, { message }, { shouldFocus: !isShown });
            isShown = true;
          }
          if (isShown) return;
          // A message for a field this step does not show goes above the button.
          const other = Object.values(error.fieldErrors)[0]?.[0];
          if (other) {
            setFormError(other);
            return;
          }
        }
        setFormError(error.message);
      },
    });
  });

  const startAgain = () => {
    unregister('code');
    setFormError(null);
    setStep('credentials');
  };

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-describedby={formError ? formErrorId : undefined}
    >
      {step === 'credentials' ? (
        <>
          <TextField
            label="Email address"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
        </>
      ) : (
        <TextField
          label="Authenticator code"
          hint={STAFF_TEXTS.codeRequired}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...register('code')}
        />
      )}
      {formError && (
        <p className="field__error" id={formErrorId} role="alert">
          {formError}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" isPending={login.isPending}>
          {login.isPending ? 'Logging in…' : step === 'code' ? 'Verify code' : 'Log in'}
        </Button>
        {step === 'code' && (
          <Button variant="text" onClick={startAgain}>
            Use a different account
          </Button>
        )}
      </div>
    </form>
  );
}
