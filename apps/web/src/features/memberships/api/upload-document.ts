import { uploadEligibilityDocument } from '@fieldhouse/contract/routes/membership-management';
import { useMutation } from '@tanstack/react-query';
import { type CallOptions, call } from '../../../lib/api/client';
import { useReloadMemberships } from './keys';

/** The document's parts, keyed as on the wire: the file and the membership, criterion and document type. */
export type DocumentUpload = CallOptions<NonNullable<typeof uploadEligibilityDocument.schemas>>['upload'];

/** POST eligibility/document (multipart) → 201. */
export function useUploadDocument() {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: (upload: DocumentUpload) => call(uploadEligibilityDocument, { upload }),
    onSuccess: () => reload(),
  });
}
