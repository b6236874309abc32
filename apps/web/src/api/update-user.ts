import type { ONBOARDING_TYPES } from '@fieldhouse/contract';
import { updateUserDetails } from '@fieldhouse/contract/routes/account';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';
import type { AnswerValue } from '../ui/forms/field-types';

/**
 * PUT my-account/user/update?onboarding_type=… (the data-field form with its checksum), shared by the account's
 * personal details and the joining journey's 'Your details'. The reply is the user; `formKey` is the form's query,
 * reloaded after a save and after a 409 (the form changed since it was loaded, so its checksum is stale).
 */
export function useUpdateUser(onboardingType: (typeof ONBOARDING_TYPES)[number], formKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { checksum: string; values: Record<string, AnswerValue> }) =>
      call(updateUserDetails, {
        query: { onboardingType },
        body: { ...input.values, checksum: input.checksum },
      }),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      return queryClient.invalidateQueries({ queryKey: formKey });
    },
    onError: (error) =>
      isApiError(error) && error.status === 409
        ? queryClient.invalidateQueries({ queryKey: formKey })
        : undefined,
  });
}
