import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { isApiError } from '../../lib/api/client';
import { TOAST_DURATION, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { FieldGroup } from '../../ui/forms/field-group';
import { initialValues, toSubmission, validateFields } from '../../ui/forms/field-rules';
import {
  type FieldMessages,
  type FieldValue,
  type FieldValues,
  fromDataField,
} from '../../ui/forms/field-types';
import { focusFirstError, matchServerErrors } from '../../ui/forms/form-messages';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { accountDataFieldsQueryOptions, type DataForm, useUpdateAccountDetails } from './api';

/** Personal details (joining §2): the server-defined form, loaded and saved with its checksum. */
export function AccountDetails() {
  const form = useQuery(accountDataFieldsQueryOptions);
  if (form.isPending) return <Spinner label="Loading your details" />;
  if (form.isError) return <LoadError text={form.error.message} onRetry={() => void form.refetch()} />;
  // A new checksum (the form changed and was loaded again) starts the form afresh.
  return <AccountDetailsForm key={form.data.checksum} form={form.data} />;
}

function AccountDetailsForm({ form }: { form: DataForm }) {
  const sections = useMemo(
    () =>
      form.sections.map((section) => ({
        title: section.sectionName,
        reference: section.sectionReference,
        definitions: section.sectionFields.map(fromDataField),
      })),
    [form],
  );
  const definitions = useMemo(() => sections.flatMap((s) => s.definitions), [sections]);
  const [values, setValues] = useState<FieldValues>(() => initialValues(definitions));
  const [messages, setMessages] = useState<FieldMessages>({});
  const update = useUpdateAccountDetails();

  const change = (key: string, value: FieldValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setMessages((previous) => {
      if (!(key in previous)) return previous;
      const { [key]: _edited, ...rest } = previous;
      return rest;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const formElement = event.currentTarget;
    const found = validateFields(definitions, values);
    setMessages(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formElement);
      return;
    }
    update.mutate(
      { checksum: form.checksum, values: toSubmission(definitions, values) },
      {
        onSuccess: () => toast.success(PROFILE_TEXTS.accountUpdated, { duration: TOAST_DURATION.default }),
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const matched = matchServerErrors(
              error.fieldErrors,
              definitions.map((d) => d.key),
            );
            setMessages(matched.messages);
            focusFirstError(formElement);
            if (matched.unmatched.length === 0 && Object.keys(matched.messages).length > 0) return;
            toast.error(matched.unmatched[0] ?? error.message, { duration: TOAST_DURATION.default });
            return;
          }
          // 409 (the form changed: it reloads) carries its own text; anything else the generic one.
          const text = isApiError(error) && error.status === 409 && error.serverMessage;
          toast.error(text || error.message, { duration: TOAST_DURATION.default });
        },
      },
    );
  };

  return (
    <form className="form user-details-form" onSubmit={submit} noValidate aria-label="Personal details">
      {sections.map((section) => (
        <FieldGroup
          key={section.reference}
          title={section.title}
          definitions={section.definitions}
          values={values}
          errors={messages}
          onChange={change}
        />
      ))}
      <div className="form-actions">
        <Button type="submit" isPending={update.isPending}>
          {update.isPending ? 'Processing...' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}
