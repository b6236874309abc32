import { PASSWORD_RULE_TEXT } from '@fieldhouse/contract/texts/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../ui/text-field';

/** A new password with the spec's rule text, and its repeat (register and password reset). */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  passwordError,
  confirmationError,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_TEXT}
        error={passwordError}
        {...password}
      />
      <TextField
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        error={confirmationError}
        {...confirmation}
      />
    </>
  );
}
