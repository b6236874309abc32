import { startStaffTotp } from '@fieldhouse/contract/routes/staff';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** POST staff/accounts/:id/totp: a new authenticator secret for the account, waiting for its first code. */
export const useStartStaffTotp = () =>
  useMutation({ mutationFn: (id: number) => call(startStaffTotp, { params: { id } }) });
