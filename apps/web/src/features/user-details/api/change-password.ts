import type { passwordResetReply } from '@fieldhouse/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

export type PasswordChangeInput = {
  current_password: string;
  password: string;
  repeat_new_password: string;
};

/** PUT my-account/user/password (the body's keys are the wire's own). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      api.put<z.infer<typeof passwordResetReply>['data']>('my-account/user/password', input),
  });
}
