import type { membershipSubmitReply } from '@fieldhouse/contract';
import { submitMembership } from '@fieldhouse/contract/routes/membership-purchase';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { toCamel } from '../../../lib/case-codec';
import { queryKeys } from '../../../lib/query-keys';
import type { MembershipSubmission } from '../rules/submission';
import type { Data } from './keys';

export type MembershipSubmitResult = Camel<Data<typeof membershipSubmitReply>>;

/** POST memberships: the new membership goes into the basket (members only: a guest's account is made first). */
export function useSubmitMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    // The body is built in snake_case (rules/submission.ts); `call` takes it camelCased and the client's codec
    // sends it snake_case again, key for key (no key of it ends in a digit or is camelCase on the wire).
    mutationFn: (body: MembershipSubmission) => call(submitMembership, { body: toCamel(body) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      ]),
  });
}
