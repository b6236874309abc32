import { lazy } from 'react';
import { useChangeOptions } from '../api/get-change-options';
import { useGuardedSend } from '../hooks/journey-submit';
import { useChangeSubmit } from '../hooks/use-change-submit';
import { type JourneyUser, useJourneyView } from '../hooks/use-journey-view';
import { JourneySections, type SectionSlots } from './journey-sections';
import { continueFromReview, membershipChoiceSlot, reviewSlot, sharedSections } from './shared-sections';

const ChangeReviewSection = lazy(() =>
  import('./change-review-section').then((m) => ({ default: m.ChangeReviewSection })),
);

export interface ChangeMembershipJourneyProps {
  user: JourneyUser;
  /** The member's membership being changed. */
  membershipId: number;
  /** The selection was reset (ineligible). */
  onSelectionReset?: () => void;
}

/**
 * Changing a membership (joining §2, §3 Change): what the membership can change to, your details, additional
 * details, the change's dates and costs, monthly payment and confirm. State lives in the JourneyProvider.
 */
export function ChangeMembershipJourney({
  user,
  membershipId,
  onSelectionReset,
}: ChangeMembershipJourneyProps) {
  const changeOptions = useChangeOptions(membershipId);
  const view = useJourneyView(user, changeOptions.data);
  const submit = useChangeSubmit(view, membershipId, onSelectionReset);
  const send = useGuardedSend(view, submit);
  const { state } = view;

  const slots: SectionSlots = {
    ...sharedSections({ view, send, isPending: submit.isPending, onSelectionReset }),
    membership: membershipChoiceSlot(view, { venueId: state.venue?.id ?? 0, changeOptions }),
    review: reviewSlot(
      view,
      <ChangeReviewSection
        membershipId={membershipId}
        state={state}
        serverErrors={view.store.errors.review}
        isSubmitting={submit.isPending}
        onChange={view.patch}
        onContinue={() => continueFromReview(view, send)}
      />,
    ),
  };
  return <JourneySections view={view} slots={slots} isPending={submit.isPending} />;
}
