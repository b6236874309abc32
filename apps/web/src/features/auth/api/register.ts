import type { User as WireUser } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
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
      api.post<WireUser>('auth/customer/register', input, {
        query: { onboardingType: 'customer_account_online' },
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      announce('login');
    },
  });
}
