import { passwordChangeBody } from '@fieldhouse/contract/membership-purchase';
import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useEffect, useId } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { snakeKey } from '../../../lib/case-codec';
import { zodResolver } from '../../../lib/form-resolver';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { PasswordFields } from '../../../ui/forms/password-fields';
import { TextField } from '../../../ui/text-field';
import { type PasswordChangeInput, useChangePassword } from '../api/change-password';

const EMPTY: PasswordChangeInput = { current_password: '', password: '', repeat_new_password: '' };
const FIELDS = Object.keys(EMPTY) as (keyof PasswordChangeInput)[];
const CURRENT_REQUIRED = 'Please enter your current password.';

/** The call's own contract, with a readable message for an empty current password. */
const contractResolver = zodResolver(passwordChangeBody);
const resolver: Resolver<PasswordChangeInput> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  if (!values.current_password && result.errors.current_password)
    result.errors.current_password = { type: 'required', message: CURRENT_REQUIRED };
  return result as Awaited<ReturnType<Resolver<PasswordChangeInput>>>;
};

/**
 * Change password (joining §3 Password fields, change): current password, the new one with the rule text and its
 * repeat, checked with the call's own contract. A server message about the confirmation shows under the repeat.
 */
export function PasswordChangeForm() {
  const headingId = useId();
  const change = useChangePassword();
  const {
    register,
    control,
    setValue,
    setError,
    handleSubmit,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<PasswordChangeInput>({
    resolver,
    defaultValues: EMPTY,
  });
  // The new-password pair are controlled inputs (ui/forms/password-fields): registered by name only.
  useEffect(() => {
    register('password');
    register('repeat_new_password');
  }, [register]);
  const [password, repeat] = useWatch({ control, name: ['password', 'repeat_new_password'] });
  const set = (name: 'password' | 'repeat_new_password', value: string) =>
    setValue(name, value, { shouldValidate: isSubmitted, shouldDirty: true });

  const submit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast.success(PROFILE_TEXTS.passwordUpdated, { duration: TOAST_DURATION.default });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          let isShown = false;
          for (const [key, list] of Object.entries(error.fieldErrors)) {
            const name = snakeKey(key) as keyof PasswordChangeInput;
            // The server's word on the confirmation belongs under the repeat field.
            const field = name === ('password_confirmation' as string) ? 'repeat_new_password' : name;
            if (FIELDS.includes(field) && list[0]) {
              setError(field, { message: list[0] }, { shouldFocus: !isShown });
              isShown = true;
            }
          }
          if (isShown) return;
        }
        toast.error(error.message, { duration: TOAST_DURATION.default });
      },
    }),
  );

  return (
    <section className="card user-details-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Change password</h2>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <PasswordFields
          label="New password"
          repeatLabel="Repeat new password"
          password={password}
          confirmation={repeat}
          onPasswordChange={(value) => set('password', value)}
          onConfirmationChange={(value) => set('repeat_new_password', value)}
          passwordError={errors.password?.message}
          confirmationError={errors.repeat_new_password?.message}
        />
        <div className="form-actions">
          <Button type="submit" isPending={change.isPending}>
            {change.isPending ? 'Processing...' : 'Update password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
