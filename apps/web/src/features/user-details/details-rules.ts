import { camelKey } from '../../lib/case-codec';
import type { FieldDefinition, FieldMessages } from '../../ui/forms/field-types';

/**
 * 422 field errors (keys camel-cased by the API client, e.g. 'dateOfBirth') as messages keyed by the form's
 * paths ('date_of_birth'). Messages for keys that are not fields of the form come back apart.
 */
export function messagesByPath(
  fieldErrors: Record<string, string[]>,
  definitions: Pick<FieldDefinition, 'key'>[],
): { messages: FieldMessages; unmatched: string[] } {
  const byCamel = new Map(definitions.map((d) => [d.key.split('.').map(camelKey).join('.'), d.key]));
  const messages: FieldMessages = {};
  const unmatched: string[] = [];
  for (const [key, list] of Object.entries(fieldErrors)) {
    const message = list[0];
    if (!message) continue;
    const path = byCamel.get(key) ?? (definitions.some((d) => d.key === key) ? key : undefined);
    if (path) messages[path] = message;
    else unmatched.push(message);
  }
  return { messages, unmatched };
}

/** Moves focus to the first invalid control once the messages have rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
