import type { Costs as WireCosts } from '@fieldhouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';

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
export const useCosts = (params: CostsParams | null) =>
  useQuery({
    queryKey: ['joining', 'costs', params ?? NO_PARAMS] as const,
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
