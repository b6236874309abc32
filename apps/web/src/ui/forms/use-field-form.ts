import { type FormEvent, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { validateFields } from './field-rules';
import type { FieldDefinition, FieldMessages, FieldValue, FieldValues } from './field-types';
import { focusFirstError, useFieldMessages } from './form-messages';

/**
 * react-hook-form names its values by path ('a.b' is nested, '12' may become an array index), while a server-defined
 * field's key is the data field's path or the question's id. Each key gets a plain name of its own.
 */
const nameOf = (key: string) =>
  `f_${key.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;

export interface FieldFormOptions {
  /** The fields shown, which the field rules check (joining §5). */
  definitions: FieldDefinition[];
  /** Every value the form holds from the start, by key: the shown fields, and any others it sends or shows. */
  initialValues: FieldValues;
  /** Server (422) messages from an earlier submission, each shown until its field is edited. Memoise it. */
  server?: FieldMessages;
  /** Checks beyond the field rules (say, the password pair), by key. */
  rules?: (values: FieldValues) => FieldMessages;
}

const NO_MESSAGES: FieldMessages = {};

/**
 * The one form hook of the server-defined forms (data fields and custom questions), on react-hook-form: values by
 * key, checked on submit by the field rules (`validateFields`: these fields' rules come from the server's
 * definitions, not from a contract schema) and any `rules` of the form, messages under the fields (its own and the
 * server's), and focus on the first invalid control. A message goes when its field is edited; the next submission
 * checks everything again.
 */
export function useFieldForm({ definitions, initialValues, server = NO_MESSAGES, rules }: FieldFormOptions) {
  const keys = useMemo(() => Object.keys(initialValues), [initialValues]);
  const keyOf = useMemo(() => new Map(keys.map((key) => [nameOf(key), key])), [keys]);
  const fromNamed = (named: Record<string, FieldValue>): FieldValues =>
    Object.fromEntries(Object.entries(named).map(([name, value]) => [keyOf.get(name) ?? name, value]));
  const form = useForm<Record<string, FieldValue>>({
    defaultValues: Object.fromEntries(
      Object.entries(initialValues).map(([key, value]) => [nameOf(key), value]),
    ),
  });
  const show = (found: FieldMessages) => {
    form.clearErrors();
    for (const [key, message] of Object.entries(found))
      form.setError(nameOf(key), { type: 'validate', message });
  };
  const serverMessages = useFieldMessages(server);

  const values = fromNamed(form.watch());
  const messages: FieldMessages = { ...serverMessages.messages };
  for (const [name, error] of Object.entries(form.formState.errors))
    if (typeof error?.message === 'string') messages[keyOf.get(name) ?? name] = error.message;

  return {
    values,
    messages,
    /** The user changed `key`: its messages go. */
    change: (key: string, value: FieldValue) => {
      form.setValue(nameOf(key), value);
      form.clearErrors(nameOf(key));
      serverMessages.clear(key);
    },
    /** Shows these messages (a failed save) in place of the form's own, and focuses the first. */
    showMessages: (found: FieldMessages, formElement: HTMLFormElement | null) => {
      show(found);
      if (Object.keys(found).length > 0) focusFirstError(formElement);
    },
    /**
     * The form's submit handler: nothing while `isBlocked`; otherwise the rules run, and `onValid` gets the values
     * and the form element, or the messages show and the first invalid control takes focus.
     */
    onSubmit:
      (onValid: (values: FieldValues, formElement: HTMLFormElement) => void, isBlocked = false) =>
      (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (isBlocked) return;
        const formElement = event.currentTarget;
        // Checked at once, in the event (the rules are synchronous), so the messages show with the click.
        const values = fromNamed(form.getValues());
        const found = { ...validateFields(definitions, values), ...rules?.(values) };
        show(found);
        if (Object.keys(found).length > 0) {
          focusFirstError(formElement);
          return;
        }
        onValid(values, formElement);
      },
  };
}
