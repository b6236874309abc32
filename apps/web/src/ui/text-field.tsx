import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** What a labelled control carries so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, hint and inline error around one control (TextField, TextAreaField), and the ids that tie them to it:
 * aria-describedby names the hint and the error, aria-invalid is set while there is an error.
 */
export function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Labelled input with hint and inline error, wired with aria-describedby/aria-invalid. */
export function TextField({ label, error, hint, id, ref, className, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...rest} ref={ref} {...control} className="field__input" />}
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ label, error, id, ref, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="field field--checkbox">
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      />
      <label htmlFor={inputId}>{label}</label>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
