import type {
  customQuestionsReply,
  dataFieldsReply,
  directDebitProviderReply,
  IsPurchasable,
  TermsKind,
  termsItem,
  User as WireUser,
} from '@fieldhouse/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';
import { useUpdateUser } from '../../lib/update-user';
import { membershipTypesQueryOptions } from './api';
import type { JourneyAccount, JourneyAnswers } from './journey-types';

/** Query options and mutations of the joining forms (your details, additional details, monthly payment). */

type WireDataForm = z.infer<typeof dataFieldsReply>['data'];
export type DataForm = Camel<WireDataForm>;
type WireQuestions = z.infer<typeof customQuestionsReply>['data'];
export type CustomQuestions = Camel<WireQuestions>;
export type TermsItem = Camel<z.infer<typeof termsItem>>;

const ONBOARDING_TYPE = 'membership_purchase';

/** GET data-fields?onboarding_type=membership_purchase: the form's sections (with the caller's answers). */
export const dataFieldsQueryOptions = (isLoggedIn: boolean) =>
  queryOptions({
    queryKey: ['joining', 'data-fields', ONBOARDING_TYPE, isLoggedIn ? 'user' : 'guest'] as const,
    queryFn: ({ signal }) =>
      api.get<WireDataForm>('data-fields', { signal, query: { onboardingType: ONBOARDING_TYPE } }),
    staleTime: isLoggedIn ? 30_000 : 5 * 60_000,
  });

/** GET custom-questions/memberships/:id: the membership's questions (with the caller's saved answers). */
export const customQuestionsQueryOptions = (membershipTypeId: number, isLoggedIn: boolean) =>
  queryOptions({
    queryKey: ['joining', 'custom-questions', membershipTypeId, isLoggedIn ? 'user' : 'guest'] as const,
    queryFn: ({ signal }) =>
      api.get<WireQuestions>(`custom-questions/memberships/${membershipTypeId}`, { signal }),
  });

/** GET terms (checkout terms when `kind` is left out; direct_debit, health_commitment, membership). */
export const joiningTermsQueryOptions = (kind: TermsKind | null) =>
  queryOptions({
    queryKey: ['joining', 'terms', kind ?? 'checkout'] as const,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof termsItem>[]>('terms', { signal, query: { kind: kind ?? undefined } }),
    staleTime: 5 * 60_000,
  });

/** GET direct-debit/provider: which provider collects direct debits ('go_cardless' shows its notice). */
export const directDebitProviderQueryOptions = queryOptions({
  queryKey: ['public', 'direct-debit-provider'] as const,
  queryFn: ({ signal }) =>
    api.get<z.infer<typeof directDebitProviderReply>['data']>('direct-debit/provider', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

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
      const user = await api.post<WireUser>('auth/customer/register', input.account, {
        query: { onboardingType: ONBOARDING_TYPE },
      });
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

/**
 * PUT my-account/user/update?onboarding_type=membership_purchase: the data-field answers keyed by path (empty
 * ones left out) with the form's checksum. Keys are sent as they are (paths are already snake_case).
 */
export const useUpdateUserDetails = () => useUpdateUser(ONBOARDING_TYPE, ['joining', 'data-fields']);

/** POST custom-questions/memberships/:id: a logged-in member's answers. */
export function useSaveAnswers(membershipTypeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: JourneyAnswers) =>
      api.post<WireQuestions>(`custom-questions/memberships/${membershipTypeId}`, { answers }),
    onSuccess: (questions) =>
      queryClient.setQueryData(customQuestionsQueryOptions(membershipTypeId, true).queryKey, questions),
  });
}
