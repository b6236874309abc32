import { getTerms } from '@fieldhouse/contract/routes/checkout';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET terms?cart_id: the terms the customer must accept for this basket (none → no checkbox). */
export const termsQueryOptions = (cartId: number) =>
  queryOptions({
    queryKey: queryKeys.terms(cartId),
    queryFn: ({ signal }) => call(getTerms, { signal, query: { cartId } }),
    staleTime: 5 * 60_000,
  });
