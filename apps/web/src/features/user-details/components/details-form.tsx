import { PROFILE_TEXTS } from '@fieldhouse/contract/texts/account-profile';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { matchServerErrors } from '../../../ui/forms/form-messages';
import { useDataFieldForm } from '../../../ui/forms/use-data-field-form';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { accountDataFieldsQueryOptions, type DataForm } from '../api/get-data-fields';
import { useUpdateAccountDetails } from '../api/update-account-details';

/** Personal details (joining §2): the server-defined form, loaded and saved with its checksum. */
export function AccountDetails() {
  const form = useQuery(accountDataFieldsQueryOptions);
  if (form.isPending) return <Spinner label="Loading your details" />;
  if (form.isError) return <LoadError text={form.error.message} onRetry={() => void form.refetch()} />;
  // A new checksum (the form changed and was loaded again) starts the form afresh.
  return <AccountDetailsForm key={form.data.checksum} form={form.data} />;
}

function AccountDetailsForm({ form }: { form: DataForm }) {
  const fields = useDataFieldForm(form);
  const update = useUpdateAccountDetails();

  const submit = fields.onSubmit((_values, formElement) => {
    update.mutate(
      { checksum: form.checksum, values: fields.submission() },
      {
        onSuccess: () => toast.success(PROFILE_TEXTS.accountUpdated, { duration: TOAST_DURATION.default }),
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const matched = matchServerErrors(error.fieldErrors, fields.keys);
            fields.showMessages(matched.messages, formElement);
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
  }, update.isPending);

  return (
    <form className="form user-details-form" onSubmit={submit} noValidate aria-label="Personal details">
      {fields.sections}
      <div className="form-actions">
        <Button type="submit" isPending={update.isPending}>
          {update.isPending ? 'Processing...' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}
