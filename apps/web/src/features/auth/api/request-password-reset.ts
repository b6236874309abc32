import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export function useForgottenPassword() {
  return useMutation({
    mutationFn: (emailOrReference: string) =>
      api.post<{ message: string }>('auth/customer/forgotten-password', { emailOrReference }),
  });
}
