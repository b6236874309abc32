import { resetPassword } from '@fieldhouse/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; passwordConfirmation: string }) =>
      call(resetPassword, { body: input }),
  });
}
