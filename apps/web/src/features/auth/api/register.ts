import { register } from '@fieldhouse/contract/routes/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { announce } from './auth-channel';
import { userQueryKey } from './get-user';

export interface RegisterInput {
  clientId: number;
  source: 'online' | 'kiosk';
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth?: string;
  phone?: string;
  password: string;
  passwordConfirmation: string;
  termsAccepted: true;
  marketingOptIn: boolean;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      call(register, { body: input, query: { onboardingType: 'customer_account_online' } }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      announce('login');
    },
  });
}
