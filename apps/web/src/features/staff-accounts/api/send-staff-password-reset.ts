import { sendStaffPasswordReset } from '@fieldhouse/contract/routes/staff';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** POST staff/accounts/:id/password-reset: mails the staff member a link to set a new password; they are logged out. */
export const useSendStaffPasswordReset = () =>
  useMutation({ mutationFn: (id: number) => call(sendStaffPasswordReset, { params: { id } }) });
