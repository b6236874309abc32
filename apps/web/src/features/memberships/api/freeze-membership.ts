import type { freezeReply } from '@fieldhouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';
import { type Data, useReloadMemberships } from './keys';

export type FreezeResult = Camel<Data<typeof freezeReply>>;

/** POST user/memberships/:id/freeze (multipart) → 201 with the request's summary. */
export function useFreezeMembership(membershipId: number) {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.post<Data<typeof freezeReply>>(`user/memberships/${membershipId}/freeze`, form),
    onSuccess: () => reload(),
  });
}
