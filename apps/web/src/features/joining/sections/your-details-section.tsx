import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { FieldGroup } from '../../../ui/forms/field-group';
import { initialValues, isAnswerMissing, toSubmission, validateFields } from '../../../ui/forms/field-rules';
import { type FieldValue, type FieldValues, fromDataField } from '../../../ui/forms/field-types';
import { focusFirstError, matchServerErrors, useFieldMessages } from '../../../ui/forms/form-messages';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { type DataForm, dataFieldsQueryOptions, useUpdateUserDetails } from '../forms-api';
import type { YourDetailsSectionProps } from '../journey-types';
import { CreateAccountForm } from './form-create-account';

export const NOT_EDITABLE_TEXT = "These details can't be edited right now";

/**
 * Section 3 'Your details' (joining §2, §4): a guest fills in the Create Account form, which creates the account;
 * a logged-in user continues, or first completes the required data fields that have no answer yet
 * (PUT my-account/user/update).
 */
export function YourDetailsSection(props: YourDetailsSectionProps) {
  return props.isLoggedIn ? <LoggedInDetails {...props} /> : <CreateAccountForm {...props} />;
}

function LoggedInDetails({ serverErrors, isAutoContinue = false, onDone }: YourDetailsSectionProps) {
  const form = useQuery(dataFieldsQueryOptions(true));
  const hasMissing =
    form.data?.sections.some((section) =>
      section.sectionFields.some((f) => f.isRequired && f.isAuthorised && isAnswerMissing(f.answer)),
    ) ?? true;
  const isSkipped = isAutoContinue && form.isSuccess && !hasMissing;
  const hasSkipped = useRef(false);
  useEffect(() => {
    if (!isSkipped || hasSkipped.current) return;
    hasSkipped.current = true;
    onDone({ isPurchasable: null });
  }, [isSkipped, onDone]);
  if (form.isPending || isSkipped) return <Spinner label="Loading your details" />;
  if (form.isError) return <LoadError text={form.error.message} onRetry={() => void form.refetch()} />;
  if (!hasMissing) {
    return (
      <div className="stack joining-form">
        <p>{NOT_EDITABLE_TEXT}</p>
        <div className="form-actions">
          <Button onClick={() => onDone({ isPurchasable: null })}>Continue</Button>
        </div>
      </div>
    );
  }
  return <MissingDetailsForm form={form.data} serverErrors={serverErrors} onDone={onDone} />;
}

/** The required data fields the member has not answered yet, saved with the form's checksum. */
function MissingDetailsForm({
  form,
  serverErrors,
  onDone,
}: { form: DataForm } & Pick<YourDetailsSectionProps, 'serverErrors' | 'onDone'>) {
  const sections = useMemo(
    () =>
      form.sections
        .map((section) => ({
          title: section.sectionName,
          reference: section.sectionReference,
          definitions: section.sectionFields
            .filter((f) => f.isRequired && f.isAuthorised && isAnswerMissing(f.answer))
            .map(fromDataField),
        }))
        .filter((section) => section.definitions.length > 0),
    [form],
  );
  const definitions = useMemo(() => sections.flatMap((s) => s.definitions), [sections]);
  /** The whole form: the server saves it as one (required answers already given are sent again). */
  const allDefinitions = useMemo(
    () => form.sections.flatMap((section) => section.sectionFields.map(fromDataField)),
    [form],
  );
  const localKeys = useMemo(() => definitions.map((d) => d.key), [definitions]);
  const [values, setValues] = useState<FieldValues>(() => initialValues(allDefinitions));
  const server = useMemo(
    () => matchServerErrors(serverErrors, localKeys, ['account']).messages,
    [serverErrors, localKeys],
  );
  const { messages, setMessages, clear } = useFieldMessages(server);
  const update = useUpdateUserDetails();

  const change = (key: string, value: FieldValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    clear(key);
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
      { checksum: form.checksum, values: toSubmission(allDefinitions, values) },
      {
        onSuccess: () => {
          toast.success(MEMBERSHIP_PURCHASE_TEXTS.accountUpdated, { duration: TOAST_DURATION.default });
          onDone({ isPurchasable: null });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            toast.error(error.serverMessage || MEMBERSHIP_PURCHASE_TEXTS.formChanged, {
              duration: TOAST_DURATION.default,
            });
            return;
          }
          if (isApiError(error) && error.status === 422) {
            const matched = matchServerErrors(error.fieldErrors, localKeys);
            setMessages(matched.messages);
            focusFirstError(formElement);
            if (matched.unmatched.length === 0 && Object.keys(matched.messages).length > 0) return;
            toast.error(matched.unmatched[0] ?? error.message, { duration: TOAST_DURATION.default });
            return;
          }
          toast.error(error.message, { duration: TOAST_DURATION.default });
        },
      },
    );
  };

  return (
    <form className="form joining-form" onSubmit={submit} noValidate aria-label="Your details">
      <p>Please complete these details to continue.</p>
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
          {update.isPending ? 'Processing...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
