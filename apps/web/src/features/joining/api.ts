import type {
  membershipSubmitReply,
  promoValidationReply,
  Costs as WireCosts,
  Membership as WireMembership,
} from '@fieldhouse/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';
import type { MembershipSubmission } from './submission';

export type Membership = Camel<WireMembership>;
export type PaymentOption = Membership['paymentOptions'][number];
export type Costs = Camel<WireCosts>;
export type MembershipSubmitResult = Camel<z.infer<typeof membershipSubmitReply>['data']>;

const joiningKeys = {
  memberships: (venueId: number, includeIneligible: boolean, viewer: number | null) =>
    ['joining', 'memberships', venueId, includeIneligible, viewer ?? 'guest'] as const,
  costs: (params: CostsParams) => ['joining', 'costs', params] as const,
};

/** GET memberships/types?venue_id[&include_ineligible=true]: the venue's memberships, tailored to the caller. */
export const membershipTypesQueryOptions = (
  venueId: number,
  includeIneligible: boolean,
  viewer: number | null,
) =>
  queryOptions({
    queryKey: joiningKeys.memberships(venueId, includeIneligible, viewer),
    queryFn: ({ signal }) =>
      api.get<WireMembership[]>('memberships/types', {
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

export interface CostsParams {
  typeId: number;
  optionId: number;
  startDate: string | null;
  billingDay: number | null;
  venueId: number | null;
  promotionCodeId: number | null;
}

/** GET memberships/types/:typeId/payment-options/:optionId: refetched on every change of date, day or code. */
export const useCosts = (params: CostsParams | null) =>
  useQuery({
    queryKey: joiningKeys.costs(
      params ?? {
        typeId: 0,
        optionId: 0,
        startDate: null,
        billingDay: null,
        venueId: null,
        promotionCodeId: null,
      },
    ),
    queryFn: ({ signal }) => {
      if (!params) throw new Error('No payment option chosen');
      return api.get<WireCosts>(`memberships/types/${params.typeId}/payment-options/${params.optionId}`, {
        signal,
        query: {
          startDate: params.startDate,
          billingDay: params.billingDay,
          venueId: params.venueId,
          promotionCodeId: params.promotionCodeId,
        },
      });
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET v1/membership-promotions/validate/:code/:paymentOptionId: { code, id } or 422 'Code not recognised'. */
export const useValidatePromoCode = () =>
  useMutation({
    mutationFn: ({ code, paymentOptionId }: { code: string; paymentOptionId: number }) =>
      api.get<z.infer<typeof promoValidationReply>['data']>(
        `v1/membership-promotions/validate/${encodeURIComponent(code.trim())}/${paymentOptionId}`,
      ),
  });

/** POST memberships: the new membership goes into the basket; a guest's account is created and logged in. */
export function useSubmitMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    // Keys are already snake_case (the client's codec leaves them as they are).
    mutationFn: (body: MembershipSubmission) =>
      api.post<z.infer<typeof membershipSubmitReply>['data']>('memberships', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      ]),
  });
}
