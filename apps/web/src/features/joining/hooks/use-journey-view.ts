import type { User as WireUser } from '@fieldhouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Camel } from '../../../lib/api/client';
import { customQuestionsQueryOptions } from '../api/get-custom-questions';
import type { Membership } from '../api/get-membership-types';
import { mayHaveQuestions, nextSection, type SectionId, visibleSections } from '../rules/sections';
import { useJourney } from '../stores/journey-store';
import type { JourneyState } from '../types';

export type JourneyUser = Camel<WireUser>;

/**
 * What every mode of the journey reads from the store and the server: the chosen membership and option (from the
 * list the mode offers), the membership's questions, the sections shown and the one open (joining §2).
 */
export function useJourneyView(user: JourneyUser | null, memberships: Membership[] | undefined) {
  const { store, dispatch } = useJourney();
  const { state } = store;
  const isLoggedIn = user !== null;
  const hasInstruction = user?.hasInstruction ?? false;
  const membership = memberships?.find((m) => m.id === state.membershipTypeId);
  const option = membership?.paymentOptions.find((o) => o.id === state.paymentOptionId);

  const questions = useQuery({
    ...customQuestionsQueryOptions(state.membershipTypeId ?? 0, isLoggedIn),
    enabled: state.membershipTypeId !== null,
  });
  const hasQuestions = mayHaveQuestions(state.membershipTypeId, questions);

  const sections = visibleSections({
    mode: state.mode,
    paymentType: state.paymentType,
    hasQuestions,
    hasInstruction,
  });
  const open: SectionId = sections.includes(store.open)
    ? store.open
    : (nextSection(sections, store.open) ?? sections[sections.length - 1] ?? 'membership');
  // Stable: the review sections' effects depend on it.
  const patch = useCallback(
    (next: Partial<JourneyState>, clearErrors?: string[]) =>
      dispatch({ type: 'patch', patch: next, clearErrors }),
    [dispatch],
  );

  return {
    store,
    state,
    mode: state.mode,
    dispatch,
    user,
    isLoggedIn,
    hasInstruction,
    hasBillingDate: user?.hasBillingDate ?? false,
    membership,
    option,
    questions: questions.data,
    sections,
    open,
    /** A review section's change of date, day, code or terms (clearing the server's errors for those fields). */
    patch,
    /** The section shown after `id` (null after the last). */
    after: (id: SectionId) => nextSection(sections, id),
  };
}

export type JourneyView = ReturnType<typeof useJourneyView>;
