import type {
  accountCheckReply,
  customQuestionsReply,
  dataFieldsReply,
  directDebitProviderReply,
  IsPurchasable,
  NewAccount,
  TermsKind,
  termsItem,
} from '@fieldhouse/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { useUpdateUser } from '../../lib/update-user';
import type { JourneyAnswers } from './journey-types';

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

export type AccountCheckInput = {
  account: Camel<NewAccount>;
  membershipTypeId: number;
  venueId: number;
};

/** POST memberships/account-check: validates a guest's Create Account form; says if the membership fits. */
export function useAccountCheck() {
  return useMutation({
    mutationFn: (input: AccountCheckInput): Promise<{ isPurchasable: Camel<IsPurchasable> }> =>
      api.post<z.infer<typeof accountCheckReply>['data']>('memberships/account-check', input),
  });
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
