import type { dataFieldsReply, passwordResetReply } from '@fieldhouse/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { useUpdateUser } from '../../lib/update-user';

/** Query options and mutations of /user-details: the data-field form and the password change. */

type WireDataForm = z.infer<typeof dataFieldsReply>['data'];
export type DataForm = Camel<WireDataForm>;

const ONBOARDING_TYPE = 'customer_account_online';
const dataFieldsKey = ['user-details', 'data-fields', ONBOARDING_TYPE] as const;

/** GET data-fields?onboarding_type=customer_account_online: the sections with the caller's answers. */
export const accountDataFieldsQueryOptions = queryOptions({
  queryKey: dataFieldsKey,
  queryFn: ({ signal }) =>
    api.get<WireDataForm>('data-fields', { signal, query: { onboardingType: ONBOARDING_TYPE } }),
  staleTime: 30_000,
});

/**
 * PUT my-account/user/update?onboarding_type=customer_account_online: the answers keyed by path (empty ones left
 * out) with the form's checksum. Paths are already snake_case, so the client's key codec leaves them as they are.
 */
export const useUpdateAccountDetails = () => useUpdateUser(ONBOARDING_TYPE, dataFieldsKey);

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
