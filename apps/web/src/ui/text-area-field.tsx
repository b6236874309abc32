import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './text-field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** Labelled multi-line input with hint and inline error, in the same frame as TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  ref,
  className,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          {...rest}
          ref={ref}
          {...control}
          rows={rows}
          className="field__input field__input--multiline"
        />
      )}
    </FieldFrame>
  );
}
