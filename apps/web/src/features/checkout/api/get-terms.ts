import type { termsItem } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET terms?cart_id: the terms the customer must accept for this basket (none → no checkbox). */
export const termsQueryOptions = (cartId: number) =>
  queryOptions({
    queryKey: queryKeys.terms(cartId),
    queryFn: ({ signal }) => api.get<z.infer<typeof termsItem>[]>('terms', { signal, query: { cartId } }),
    staleTime: 5 * 60_000,
  });
