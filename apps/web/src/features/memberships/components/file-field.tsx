import { type Ref, useId } from 'react';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { fileProblem, UPLOAD_ACCEPT } from '../rules/membership-rules';

export interface FileFieldProps {
  label: string;
  hint?: string;
  file: File | null;
  errors?: string[];
  onChange: (file: File | null) => void;
  /** The file input, for a form to focus when the field is missing (react-hook-form's `field.ref`). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A JPEG, PNG or PDF file of at most 20,000,000 bytes (account-shell §5): other files are refused with a toast
 * ('File size exceeds 20mb.' or the file type text) and the input is cleared.
 */
export function FileField({ label, hint, file, errors = [], onChange, ref }: FileFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        type="file"
        className="field__input"
        accept={UPLOAD_ACCEPT}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (!chosen) {
            onChange(null);
            return;
          }
          const problem = fileProblem(chosen);
          if (problem) {
            toast.error(problem, { duration: TOAST_DURATION.default });
            event.target.value = '';
            onChange(null);
            return;
          }
          onChange(chosen);
        }}
      />
      {file && <p className="file-field__chosen">Chosen: {file.name}</p>}
      {errors.length > 0 && (
        <div className="field__error" id={`${id}-error`} role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
