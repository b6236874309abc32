import { findLoginProblems } from '@fieldhouse/contract/login';
import { useEffect } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { serverMessageOr } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import type { User } from '../api/get-user';
import { type LoginInput, useLogin } from '../api/log-in';

const LOGIN_FAILED_FALLBACK = 'User signed out';

/**
 * The contract's login rules without zod (the login page is a first page on a phone: zod would add about 20 KB);
 * the same rules and texts as `loginBody`, which the server applies.
 */
const loginResolver: Resolver<LoginInput> = (values) => {
  const problems = Object.entries(findLoginProblems(values));
  if (problems.length === 0) return { values: { ...values, username: values.username.trim() }, errors: {} };
  const errors: FieldErrors<LoginInput> = Object.fromEntries(
    problems.map(([field, message]) => [field, { type: 'required', message }]),
  );
  return { values: {}, errors };
};

/**
 * Username (email or customer ID) and password; failures are toasts with the server's message.
 * `focusOnMount` moves focus to the username field (used when the form opens in a modal).
 */
export function LoginForm({
  onSuccess,
  focusOnMount,
}: {
  onSuccess?: (user: User) => void;
  focusOnMount?: boolean;
}) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    if (focusOnMount) setFocus('username');
  }, [focusOnMount, setFocus]);

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => onSuccess?.(user),
      onError: (error) => {
        toast.error(serverMessageOr(error, LOGIN_FAILED_FALLBACK), { duration: TOAST_DURATION.default });
      },
    }),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Email or customer ID"
        autoComplete="username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" isPending={login.isPending}>
        {login.isPending ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}
