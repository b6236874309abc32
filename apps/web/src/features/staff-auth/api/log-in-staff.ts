import { staffLogin } from '@fieldhouse/contract/routes/staff';
import type { StaffLoginBody, staffLoginReply } from '@fieldhouse/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { staffMeQueryKey } from './get-staff-me';

export type StaffLoginReply = Camel<z.infer<typeof staffLoginReply>['data']>;

/**
 * POST staff/auth/login: email and password, and the authenticator code when the first reply said
 * `codeRequired` (then nobody is logged in yet). A 401 here is a wrong login, not an ended session.
 */
export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffLoginBody) => call(staffLogin, { body, allowUnauthorised: true }),
    onSuccess: (reply) => {
      if (reply.staff) queryClient.setQueryData(staffMeQueryKey, reply.staff);
    },
  });
}
