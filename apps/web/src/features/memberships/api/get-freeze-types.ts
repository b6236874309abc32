import type { freezeTypesReply } from '@fieldhouse/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';
import { type Data, managementKeys } from './keys';

export type FreezeTypes = Camel<Data<typeof freezeTypesReply>>;
export type FreezeType = FreezeTypes['freezeTypes'][number];

/** GET user/memberships/:id/freezetypes: reasons, their periods and proof, and the start date window. */
export const useFreezeTypes = (membershipId: number) =>
  useQuery({
    queryKey: managementKeys.freezeTypes(membershipId),
    queryFn: ({ signal }) =>
      api.get<Data<typeof freezeTypesReply>>(`user/memberships/${membershipId}/freezetypes`, { signal }),
    staleTime: 0,
  });
