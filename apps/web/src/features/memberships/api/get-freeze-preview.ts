import type { freezePreviewReply } from '@fieldhouse/contract';
import { membershipFreezePreview } from '@fieldhouse/contract/routes/membership-management';
import { useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type Data, managementKeys } from './keys';

export type FreezePreview = Camel<Data<typeof freezePreviewReply>>;

/** GET user/memberships/:id/freeze/preview: the payments the member makes while frozen. */
export const useFreezePreview = (
  membershipId: number,
  params: { freezeTypeId: number; activeFrom: string; months: number } | null,
) =>
  useQuery({
    queryKey: managementKeys.freezePreview(
      membershipId,
      params?.freezeTypeId ?? 0,
      params?.activeFrom ?? '',
      params?.months ?? 0,
    ),
    queryFn: ({ signal }) => {
      if (!params) throw new Error('Incomplete freeze');
      return call(membershipFreezePreview, { params: { id: membershipId }, query: params, signal });
    },
    enabled: params !== null,
    retry: false,
  });
