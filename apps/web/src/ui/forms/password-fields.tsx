import { useId } from 'react';
import { FIELD_TEXTS } from './field-texts';
import './forms.css';

export interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError?: string;
  confirmationError?: string;
  /** Defaults to 'Password'. */
  label?: string;
  /** Defaults to 'Repeat password'. */
  repeatLabel?: string;
}

function PasswordInput({
  label,
  value,
  onChange,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <span className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </span>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="password"
        className="field__input"
        autoComplete="new-password"
        maxLength={200}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A new password with the rule text (joining §3 Password fields, create) and its repeat. */
export function PasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
  confirmationError,
  label = 'Password',
  repeatLabel = 'Repeat password',
}: PasswordFieldsProps) {
  return (
    <div className="form__row">
      <PasswordInput
        label={label}
        value={password}
        onChange={onPasswordChange}
        hint={FIELD_TEXTS.passwordRule}
        error={passwordError}
      />
      <PasswordInput
        label={repeatLabel}
        value={confirmation}
        onChange={onConfirmationChange}
        error={confirmationError}
      />
    </div>
  );
}
