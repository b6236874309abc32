import type { renewalDetailsReply } from '@fieldhouse/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';
import type { Data } from './keys';

export type RenewalDetails = Camel<Data<typeof renewalDetailsReply>>;

/** GET memberships/:id/renew: what renewing gives and costs (404 'No membership found'). */
export const useRenewalDetails = (membershipId: number | null) =>
  useQuery({
    queryKey: ['joining', 'renew', membershipId ?? 0] as const,
    queryFn: ({ signal }) =>
      api.get<Data<typeof renewalDetailsReply>>(`memberships/${membershipId}/renew`, { signal }),
    enabled: membershipId !== null,
    retry: false,
  });
