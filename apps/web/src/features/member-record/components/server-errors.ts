import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { matchServerErrors } from '../../../ui/forms/form-messages';

/**
 * Puts a 422's field errors under the form's fields (the first one focused); returns the text to show above the
 * button when the server's word matches no field (or was not a 422).
 */
export function showServerErrors<T extends FieldValues>(
  error: Error,
  fields: string[],
  setError: UseFormSetError<T>,
): string | null {
  if (isApiError(error) && error.status === 422) {
    const { messages, unmatched } = matchServerErrors(error.fieldErrors, fields);
    const shown = Object.entries(messages);
    for (const [index, [field, message]] of shown.entries())
      setError(field as Path<T>, { message }, { shouldFocus: index === 0 });
    if (shown.length) return unmatched[0] ?? null;
  }
  return error.message;
}
