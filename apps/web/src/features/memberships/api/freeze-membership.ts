import { freezeMembership } from '@fieldhouse/contract/routes/membership-management';
import { useMutation } from '@tanstack/react-query';
import { type CallOptions, call } from '../../../lib/api/client';
import { useReloadMemberships } from './keys';

/** The freeze request's parts, keyed as on the wire: type, start date, months and the optional proof. */
export type FreezeUpload = CallOptions<NonNullable<typeof freezeMembership.schemas>>['upload'];
export type FreezeResult = Awaited<ReturnType<typeof requestFreeze>>;

const requestFreeze = (membershipId: number, upload: FreezeUpload) =>
  call(freezeMembership, { params: { id: membershipId }, upload });

/** POST user/memberships/:id/freeze (multipart) → 201 with the request's summary. */
export function useFreezeMembership(membershipId: number) {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: (upload: FreezeUpload) => requestFreeze(membershipId, upload),
    onSuccess: () => reload(),
  });
}
