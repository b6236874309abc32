import type { Costs as WireCosts } from '@fieldhouse/contract';
import { getMembershipCosts } from '@fieldhouse/contract/routes/joining';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

export type Costs = Camel<WireCosts>;

export interface CostsParams {
  typeId: number;
  optionId: number;
  startDate: string | null;
  billingDay: number | null;
  venueId: number | null;
  promotionCodeId: number | null;
}

const NO_PARAMS: CostsParams = {
  typeId: 0,
  optionId: 0,
  startDate: null,
  billingDay: null,
  venueId: null,
  promotionCodeId: null,
};

/** GET memberships/types/:typeId/payment-options/:optionId: refetched on every change of date, day or code. */
export const useMembershipCosts = (params: CostsParams | null) =>
  useQuery({
    queryKey: ['joining', 'costs', params ?? NO_PARAMS] as const,
    queryFn: ({ signal }) => {
      if (!params) throw new Error('No payment option chosen');
      return call(getMembershipCosts, {
        signal,
        params: { typeId: params.typeId, optionId: params.optionId },
        // Empty values are left out of the query (as the client always did with null).
        query: {
          startDate: params.startDate ?? undefined,
          billingDay: params.billingDay === null ? undefined : String(params.billingDay),
          venueId: params.venueId,
          promotionCodeId: params.promotionCodeId,
        },
      });
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
