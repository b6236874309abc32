import type { documentUploadReply } from '@fieldhouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type Data, useReloadMemberships } from './keys';

/** POST eligibility/document (multipart) → 201. */
export function useUploadDocument() {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: (form: FormData) => api.post<Data<typeof documentUploadReply>>('eligibility/document', form),
    onSuccess: () => reload(),
  });
}
