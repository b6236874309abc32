import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; passwordConfirmation: string }) =>
      api.post('auth/password-reset', input),
  });
}
