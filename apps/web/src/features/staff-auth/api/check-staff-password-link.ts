import { checkStaffPasswordLink } from '@fieldhouse/contract/routes/staff';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** POST staff/auth/password-link: whose a mailed password link is, while it works (403 once used or expired). */
export const staffPasswordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['staff', 'password-link', token],
    queryFn: () => call(checkStaffPasswordLink, { body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
