import type { freezeTypesReply } from '@fieldhouse/contract';
import { membershipFreezeTypes } from '@fieldhouse/contract/routes/membership-management';
import { useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type Data, managementKeys } from './keys';

export type FreezeTypes = Camel<Data<typeof freezeTypesReply>>;
export type FreezeType = FreezeTypes['freezeTypes'][number];

/** GET user/memberships/:id/freezetypes: reasons, their periods and proof, and the start date window. */
export const useFreezeTypes = (membershipId: number) =>
  useQuery({
    queryKey: managementKeys.freezeTypes(membershipId),
    queryFn: ({ signal }) => call(membershipFreezeTypes, { params: { id: membershipId }, signal }),
    staleTime: 0,
  });
