import type { packagesReply } from '@fieldhouse/contract/account-profile';
import { listAccountPackages } from '@fieldhouse/contract/routes/account';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type WirePackages = z.infer<typeof packagesReply>['data'];
export type AccountPackage = Camel<WirePackages>[number];

/** GET promotions/user/packages: the packages the customer has bought. */
export const packagesQueryOptions = queryOptions({
  queryKey: ['packages'] as const,
  queryFn: ({ signal }) => call(listAccountPackages, { signal }),
});
