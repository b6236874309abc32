import { getStaffMe } from '@fieldhouse/contract/routes/staff';
import type { staffMeReply } from '@fieldhouse/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call, isApiError } from '../../../lib/api/client';

export type StaffMember = Camel<z.infer<typeof staffMeReply>['data']>;

export const staffMeQueryKey = ['staff', 'me'] as const;

/** GET staff/me: the staff member of the fh_staff_session cookie, or null (401: no staff session). */
export const staffMeQueryOptions = queryOptions({
  queryKey: staffMeQueryKey,
  queryFn: async ({ signal }): Promise<StaffMember | null> => {
    try {
      return await call(getStaffMe, { signal, allowUnauthorised: true });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/** The logged-in staff member: undefined while the first check runs, null when nobody is logged in. */
export function useStaffMe() {
  return useQuery(staffMeQueryOptions);
}
