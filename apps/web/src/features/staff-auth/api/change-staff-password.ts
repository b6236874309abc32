import type { StaffPasswordChangeBody, staffPasswordChangeReply } from '@fieldhouse/contract/staff';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

/** PUT staff/me/password: the staff member's own new password; their other sessions end. */
export const useChangeStaffPassword = () =>
  useMutation({
    mutationFn: (body: StaffPasswordChangeBody) =>
      api.put<z.infer<typeof staffPasswordChangeReply>['data']>('staff/me/password', body),
  });
