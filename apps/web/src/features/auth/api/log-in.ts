import { login } from '@fieldhouse/contract/routes/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { announce } from './auth-channel';
import { userQueryKey } from './get-user';

export const LOGIN_DELAY_MS = 250;

export interface LoginInput {
  username: string;
  password: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      // The wait is written out rather than imported from lib/delay, which the lazily loaded basket calls share:
      // importing it here gave the login page and the timetable one more file to fetch (decision 021).
      await new Promise((resolve) => setTimeout(resolve, LOGIN_DELAY_MS));
      return call(login, { body: input });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      announce('login');
    },
  });
}
