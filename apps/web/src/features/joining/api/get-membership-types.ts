import type { Membership as WireMembership } from '@fieldhouse/contract';
import { getMembershipTypes } from '@fieldhouse/contract/routes/joining';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

export type Membership = Camel<WireMembership>;
export type PaymentOption = Membership['paymentOptions'][number];

/** GET memberships/types?venue_id[&include_ineligible=true]: the venue's memberships, tailored to the caller. */
export const membershipTypesQueryOptions = (
  venueId: number,
  includeIneligible: boolean,
  viewer: number | null,
) =>
  queryOptions({
    queryKey: ['joining', 'memberships', venueId, includeIneligible, viewer ?? 'guest'] as const,
    queryFn: ({ signal }) =>
      call(getMembershipTypes, {
        signal,
        query: { venueId, includeIneligible: includeIneligible ? 'true' : undefined },
      }),
    staleTime: 60_000,
  });

export const useMembershipTypes = (
  venueId: number | undefined,
  viewer: number | null,
  options: { includeIneligible?: boolean; enabled?: boolean } = {},
) =>
  useQuery({
    ...membershipTypesQueryOptions(venueId ?? 0, options.includeIneligible ?? false, viewer),
    enabled: Boolean(venueId) && (options.enabled ?? true),
  });
