import type { renewalDetailsReply } from '@fieldhouse/contract';
import { membershipRenewalDetails } from '@fieldhouse/contract/routes/membership-management';
import { useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import type { Data } from './keys';

export type RenewalDetails = Camel<Data<typeof renewalDetailsReply>>;

/** GET memberships/:id/renew: what renewing gives and costs (404 'No membership found'). */
export const useRenewalDetails = (membershipId: number | null) =>
  useQuery({
    queryKey: ['joining', 'renew', membershipId ?? 0] as const,
    queryFn: ({ signal }) => call(membershipRenewalDetails, { params: { id: membershipId ?? 0 }, signal }),
    enabled: membershipId !== null,
    retry: false,
  });
