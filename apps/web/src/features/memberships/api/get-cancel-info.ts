import type { cancelInfoReply } from '@fieldhouse/contract';
import { membershipCancelInfo } from '@fieldhouse/contract/routes/membership-management';
import { useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type Data, managementKeys } from './keys';

export type CancelInfo = Camel<Data<typeof cancelInfoReply>>;

/** GET memberships/:id/cancel: whether and how it can be cancelled, loaded each time the modal opens. */
export const useCancelInfo = (membershipId: number) =>
  useQuery({
    queryKey: managementKeys.cancelInfo(membershipId),
    queryFn: ({ signal }) => call(membershipCancelInfo, { params: { id: membershipId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
