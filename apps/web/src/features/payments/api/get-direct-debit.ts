import type { accountDirectDebitReply } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

type WireMandates = z.infer<typeof accountDirectDebitReply>['data'];
export type AccountMandate = Camel<WireMandates['mandates'][number]>;

/** GET my-account/direct-debit: the member's direct-debit instructions, newest first, with what each means. */
export const directDebitQueryOptions = queryOptions({
  queryKey: queryKeys.directDebit,
  queryFn: ({ signal }) => api.get<WireMandates>('my-account/direct-debit', { signal }),
});
