import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import type { AccountMembership } from '../api/get-account-memberships';
import { useUploadDocument } from '../api/upload-document';
import { FileField } from './file-field';

/** The form's values: a document type (preselected when there is only one) and the file. */
interface UploadValues {
  typeId: number | null;
  file: File | null;
}

/**
 * 'Upload document' (account-shell §3 Document upload, §4, §5): a document type and a JPEG, PNG or PDF file,
 * sent as multipart to POST eligibility/document; 201 says it was submitted.
 */
export default function UploadDocumentModal({
  membership,
  onClose,
}: {
  membership: AccountMembership;
  onClose: () => void;
}) {
  const criterion = membership.membershipType.eligibilityCriterion;
  const documentTypes = criterion?.documentTypes ?? [];
  // No Controller (react-hook-form's useController would add its code, 0.85 KB, to the chunk the member sites'
  // first loads share): the select is registered (and shows the watched value, so a single type shows chosen), the
  // file is registered by name and set by FileField.
  const { register, handleSubmit, setValue, watch, formState } = useForm<UploadValues>({
    defaultValues: { typeId: documentTypes.length === 1 ? (documentTypes[0]?.id ?? null) : null, file: null },
  });
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    register('file', { validate: (file) => file !== null || MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired });
  }, [register]);
  const [typeId, file] = watch(['typeId', 'file']);
  const upload = useUploadDocument();
  const selectId = useId();
  const fieldErrors = isApiError(upload.error) && upload.error.status === 422 ? upload.error.fieldErrors : {};
  const failure =
    upload.isError && Object.keys(fieldErrors).length === 0
      ? isApiError(upload.error) && upload.error.status === 500
        ? MEMBERSHIP_MANAGEMENT_TEXTS.documentSendFailed
        : upload.error.message
      : null;

  const messages = (own: string | undefined, server: string[] = []) => [...(own ? [own] : []), ...server];
  const typeErrors = messages(formState.errors.typeId?.message, fieldErrors.eligibilityDocumentTypeId);
  const fileErrors = messages(formState.errors.file?.message, fieldErrors.document);
  const otherErrors = [...(fieldErrors.membershipId ?? []), ...(fieldErrors.eligibilityCriterionId ?? [])];

  const submit = handleSubmit(
    (values) => {
      if (!criterion || values.typeId === null || !values.file || upload.isPending) return;
      upload.mutate({
        eligibility_document_type_id: values.typeId,
        document: values.file,
        membership_id: membership.id,
        eligibility_criterion_id: criterion.id,
      });
    },
    // react-hook-form focuses the select when it is missing; the file field, which it does not hold, is focused here.
    (errors) => {
      if (!errors.typeId && errors.file) fileInput.current?.focus();
    },
  );

  return (
    <ModalDialog title="Upload document" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      {upload.isSuccess ? (
        <div className="stack" role="status">
          <p>
            <strong>{MEMBERSHIP_MANAGEMENT_TEXTS.documentSubmitted}</strong>
          </p>
          <p>{MEMBERSHIP_MANAGEMENT_TEXTS.documentReview}</p>
          <div className="button-row">
            <Button onClick={onClose}>Back to my memberships</Button>
          </div>
        </div>
      ) : (
        <form className="management-form" noValidate onSubmit={submit}>
          <p>
            Proof of eligibility for <strong>{membership.membershipType.name}</strong>.
          </p>
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              Document type
            </label>
            <select
              id={selectId}
              className="field__input"
              aria-invalid={typeErrors.length > 0 || undefined}
              aria-describedby={typeErrors.length ? `${selectId}-error` : undefined}
              {...register('typeId', {
                setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
                validate: (chosen) => chosen !== null || MEMBERSHIP_MANAGEMENT_TEXTS.documentTypeRequired,
              })}
              value={typeId ?? ''}
            >
              <option value="">Choose a document type</option>
              {documentTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
            {typeErrors.length > 0 && (
              <div className="field__error" id={`${selectId}-error`} role="alert">
                {typeErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            )}
          </div>
          <FileField
            ref={fileInput}
            label="Document"
            hint="JPEG, PNG or PDF, up to 20MB."
            file={file}
            errors={fileErrors}
            onChange={(chosen) => setValue('file', chosen, { shouldValidate: formState.isSubmitted })}
          />
          {(otherErrors.length > 0 || failure) && (
            <div className="notice notice--danger" role="alert">
              {otherErrors.length > 0 && <p>{MEMBERSHIP_MANAGEMENT_TEXTS.validationErrors}</p>}
              {[...otherErrors, ...(failure ? [failure] : [])].map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          <div className="button-row">
            <Button type="submit" isPending={upload.isPending}>
              {upload.isPending ? 'Uploading...' : 'Upload document'}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
