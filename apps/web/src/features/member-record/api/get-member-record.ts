import { getStaffMember } from '@fieldhouse/contract/routes/staff-members';
import type { MemberRecord as WireMemberRecord } from '@fieldhouse/contract/staff-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

export type MemberRecord = Camel<WireMemberRecord>;

export const memberRecordQueryKey = (customerId: number) => ['staff', 'members', customerId] as const;

/** GET staff/members/:id: the record staff may edit (404 for a customer of a venue they do not work at). */
export const memberRecordQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: memberRecordQueryKey(customerId),
    queryFn: ({ signal }) => call(getStaffMember, { params: { id: customerId }, signal }),
    retry: false,
  });

export const useMemberRecord = (customerId: number) => useQuery(memberRecordQueryOptions(customerId));
