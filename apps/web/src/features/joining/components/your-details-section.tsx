import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { hasMissingFields, isMissingField, useDataFieldForm } from '../../../ui/forms/use-data-field-form';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { type DataForm, dataFieldsQueryOptions } from '../api/get-data-fields';
import { useUpdateUserDetails } from '../api/update-user-details';
import type { YourDetailsSectionProps } from '../types';
import { CreateAccountForm } from './create-account-form';

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
  const hasMissing = form.data ? hasMissingFields(form.data) : true;
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
  const keys = useMemo(
    () =>
      form.sections.flatMap((section) =>
        section.sectionFields.filter(isMissingField).map((field) => field.path),
      ),
    [form],
  );
  const server = useMemo(
    () => matchServerErrors(serverErrors, keys, ['account']).messages,
    [serverErrors, keys],
  );
  const fields = useDataFieldForm(form, { shown: 'missing', server });
  const update = useUpdateUserDetails();

  const submit = fields.onSubmit((_values, formElement) => {
    update.mutate(
      { checksum: form.checksum, values: fields.submission() },
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
            const matched = matchServerErrors(error.fieldErrors, fields.keys);
            fields.showMessages(matched.messages, formElement);
            if (matched.unmatched.length === 0 && Object.keys(matched.messages).length > 0) return;
            toast.error(matched.unmatched[0] ?? error.message, { duration: TOAST_DURATION.default });
            return;
          }
          toast.error(error.message, { duration: TOAST_DURATION.default });
        },
      },
    );
  }, update.isPending);

  return (
    <form className="form joining-form" onSubmit={submit} noValidate aria-label="Your details">
      <p>Please complete these details to continue.</p>
      {fields.sections}
      <div className="form-actions">
        <Button type="submit" isPending={update.isPending}>
          {update.isPending ? 'Processing...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
