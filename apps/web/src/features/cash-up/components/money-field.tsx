import type { InputHTMLAttributes } from 'react';
import { TextField } from '../../../ui/text-field';

/** A pounds field ('£12.50'): text with a decimal keyboard, its label and error tied to it. */
export function MoneyField({
  label,
  value,
  onChange,
  error,
  hint,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...rest}
    />
  );
}
