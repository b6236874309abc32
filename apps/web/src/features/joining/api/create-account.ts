import type { IsPurchasable, User as WireUser } from '@fieldhouse/contract';
import { register } from '@fieldhouse/contract/routes/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { JourneyAccount } from '../types';
import { customQuestionsQueryOptions } from './get-custom-questions';
import { membershipTypesQueryOptions } from './get-membership-types';
import { ONBOARDING_TYPE } from './keys';

export type CreateAccountInput = {
  account: JourneyAccount;
  venueId: number;
  membershipTypeId: number;
  paymentOptionId: number;
};

export type CreatedAccount = {
  user: Camel<WireUser>;
  /** The chosen option as the memberships list now says for the new member; null when the list failed to load. */
  isPurchasable: Camel<IsPurchasable> | null;
  loadError: Error | null;
};

const NOT_LISTED: Camel<IsPurchasable> = { canPurchase: false, hasPrices: false, message: null };

/**
 * 'Create Account' in Your details (joining §4): POST auth/customer/register?onboarding_type=membership_purchase
 * (201: the account exists and its session cookie and a new CSRF token are set), then the memberships load again
 * for the new member (200) to say whether the chosen option is still purchasable. The user is not put into the
 * cache here: the caller does it once the journey has moved on, so 'Your details' does not flash its logged-in
 * form first. The password travels in this call only; it is never stored.
 */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAccountInput): Promise<CreatedAccount> => {
      const user = await call(register, { body: input.account, query: { onboardingType: ONBOARDING_TYPE } });
      try {
        const [list] = await Promise.all([
          queryClient.fetchQuery(membershipTypesQueryOptions(input.venueId, true, user.id)),
          // The questions as the member sees them, so the next sections do not wait for them.
          queryClient.prefetchQuery(customQuestionsQueryOptions(input.membershipTypeId, true)),
        ]);
        const option = list
          .find((m) => m.id === input.membershipTypeId)
          ?.paymentOptions.find((o) => o.id === input.paymentOptionId);
        return { user, isPurchasable: option?.isPurchasable ?? NOT_LISTED, loadError: null };
      } catch (error) {
        return {
          user,
          isPurchasable: null,
          loadError: error instanceof Error ? error : new Error(String(error)),
        };
      }
    },
  });
}

/** Puts the new member into the cache: every site's header and the journey now see them logged in. */
export function useSetLoggedInUser() {
  const queryClient = useQueryClient();
  return (user: Camel<WireUser>) => {
    queryClient.setQueryData(queryKeys.user, user);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
  };
}
