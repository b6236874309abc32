import { forgottenPassword } from '@fieldhouse/contract/routes/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export function useForgottenPassword() {
  return useMutation({
    mutationFn: (emailOrReference: string) => call(forgottenPassword, { body: { emailOrReference } }),
  });
}
