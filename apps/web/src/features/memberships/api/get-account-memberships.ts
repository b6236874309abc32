import type { AccountMembership as WireAccountMembership } from '@fieldhouse/contract';
import { listAccountMemberships } from '@fieldhouse/contract/routes/account';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

export type AccountMembership = Camel<WireAccountMembership>;

/** GET my-account/user/memberships: sorted pending, active, frozen, then the rest (the server sorts). */
export const accountMembershipsQueryOptions = queryOptions({
  queryKey: queryKeys.accountMemberships,
  queryFn: ({ signal }) => call(listAccountMemberships, { signal }),
});
