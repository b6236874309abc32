import { useState } from 'react';
import { camelKey } from '../../lib/case-codec';
import type { FieldMessages } from './field-types';

/** Server field errors (422), keyed by snake_case or camelCase field path. */
export type ServerFieldErrors = Record<string, string[]>;

/** Server field keys may come snake_case (journey state) or camelCase (API client), with or without a prefix. */
const normalise = (key: string): string => key.split('.').map(camelKey).join('.');

/**
 * Server field errors as messages keyed by the form's own keys: each server key (e.g. 'account.first_name',
 * 'passwordConfirmation', 'answers.12') is matched to a local key ('first_name', 'password_confirmation', '12')
 * after dropping any of `prefixes`. Unmatched messages are returned apart.
 */
export function matchServerErrors(
  errors: ServerFieldErrors | undefined,
  localKeys: string[],
  prefixes: string[] = [],
): { messages: FieldMessages; unmatched: string[] } {
  const byNormalised = new Map(localKeys.map((key) => [normalise(key), key]));
  const messages: FieldMessages = {};
  const unmatched: string[] = [];
  for (const [serverKey, list] of Object.entries(errors ?? {})) {
    const message = list[0];
    if (!message) continue;
    let key = normalise(serverKey);
    for (const prefix of prefixes) {
      const p = `${normalise(prefix)}.`;
      if (key.startsWith(p)) key = key.slice(p.length);
    }
    const local = byNormalised.get(key);
    if (local) messages[local] = message;
    else unmatched.push(message);
  }
  return { messages, unmatched };
}

/**
 * A form's inline messages: its own (client validation, a failed save) and the section's server errors, each
 * server message shown until the user edits that field (joining §5). `server` must keep its identity between
 * renders (memoise it); a new object shows all of its messages again.
 */
export function useFieldMessages(server: FieldMessages) {
  const [own, setOwn] = useState<FieldMessages>({});
  const [edited, setEdited] = useState<{ source: FieldMessages; keys: string[] }>({
    source: server,
    keys: [],
  });
  const editedKeys = edited.source === server ? edited.keys : [];
  const messages: FieldMessages = {};
  for (const [key, message] of Object.entries(server)) if (!editedKeys.includes(key)) messages[key] = message;
  Object.assign(messages, own);
  return {
    messages,
    /** Replaces the form's own messages (validation or a 422). */
    setMessages: setOwn,
    /** The user edited `key`: its messages go. */
    clear: (key: string) => {
      setOwn((previous) => {
        if (!(key in previous)) return previous;
        const { [key]: _removed, ...rest } = previous;
        return rest;
      });
      setEdited((previous) => {
        const keys = previous.source === server ? previous.keys : [];
        return keys.includes(key) ? previous : { source: server, keys: [...keys, key] };
      });
    },
  };
}

/** Moves focus to the first invalid control once the messages have rendered. */
export function focusFirstError(formElement: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
