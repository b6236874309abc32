import { resetStaffPassword } from '@fieldhouse/contract/routes/staff';
import type { StaffPasswordResetBody } from '@fieldhouse/contract/staff';
import { useMutation } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

/** POST staff/auth/password-reset: the new password a mailed link was for; every session of the account ends. */
export const useResetStaffPassword = () =>
  useMutation({ mutationFn: (body: Camel<StaffPasswordResetBody>) => call(resetStaffPassword, { body }) });
