import type { accountDirectDebitReply } from '@fieldhouse/contract';
import { listDirectDebitMandates } from '@fieldhouse/contract/routes/account-payments';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

type WireMandates = z.infer<typeof accountDirectDebitReply>['data'];
export type AccountMandate = Camel<WireMandates['mandates'][number]>;

/** GET my-account/direct-debit: the member's direct-debit instructions, newest first, with what each means. */
export const directDebitQueryOptions = queryOptions({
  queryKey: queryKeys.directDebit,
  queryFn: ({ signal }) => call(listDirectDebitMandates, { signal }),
});
