import { changeStaffPassword } from '@fieldhouse/contract/routes/staff';
import type { StaffPasswordChangeBody } from '@fieldhouse/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

/** PUT staff/me/password: the staff member's own new password; their other sessions end. */
export const useChangeStaffPassword = () =>
  useMutation({
    mutationFn: (body: Camel<StaffPasswordChangeBody>) => call(changeStaffPassword, { body }),
  });
