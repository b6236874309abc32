import { startOwnStaffTotp } from '@fieldhouse/contract/routes/staff';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** POST staff/me/totp: a new authenticator secret for the staff member's own account, waiting for its first code. */
export const useStartOwnStaffTotp = () => useMutation({ mutationFn: () => call(startOwnStaffTotp) });
