import { lazy, type ReactNode } from 'react';
import { trackJourneyStep } from '../analytics';
import { type Membership, type PaymentOption, useMembershipTypes } from '../api/get-membership-types';
import { useGuardedSend } from '../hooks/journey-submit';
import { useJoinSubmit } from '../hooks/use-join-submit';
import { type JourneyUser, useJourneyView } from '../hooks/use-journey-view';
import { useJourney } from '../stores/journey-store';
import { JourneySections, type SectionSlots } from './journey-sections';
import { continueFromReview, membershipChoiceSlot, reviewSlot, sharedSections } from './shared-sections';

const ReviewDatesSection = lazy(() =>
  import('./review-dates-section').then((m) => ({ default: m.ReviewDatesSection })),
);

export interface CentreSectionSlot {
  /** Section 1's content while open (the centre search). */
  content: ReactNode;
  /** The chosen centre, shown while closed. */
  summary: ReactNode;
  onEdit: () => void;
}

export interface JoinMembershipJourneyProps {
  /** The logged-in user, or null for a guest. */
  user: JourneyUser | null;
  /** Section 1 'Choose your home centre', rendered by the page. */
  centre: CentreSectionSlot;
  /** Navigate to the membership's URL. */
  onMembershipChosen: (membership: Membership, option: PaymentOption) => void;
  /** The selection was reset (ineligible): back to /centre/{slug}. */
  onSelectionReset: () => void;
}

/**
 * Joining (joining §2, §4): the centre (the page's), the venue's memberships with their joining costs, your details,
 * additional details, review & select dates, monthly payment and confirm; the submission puts the membership into
 * the basket. State lives in the JourneyProvider.
 */
export function JoinMembershipJourney({
  user,
  centre,
  onMembershipChosen,
  onSelectionReset,
}: JoinMembershipJourneyProps) {
  const venueId = useJourney().store.state.venue?.id;
  const memberships = useMembershipTypes(venueId, user?.id ?? null, { includeIneligible: user !== null });
  const view = useJourneyView(user, memberships.data);
  const submit = useJoinSubmit(view);
  const send = useGuardedSend(view, submit);
  const { state } = view;
  const chosenOption = memberships.data
    ?.find((m) => m.id === state.membershipTypeId)
    ?.paymentOptions.find((o) => o.id === state.paymentOptionId);
  const membership = membershipChoiceSlot(view, {
    venueId: venueId ?? 0,
    joiningCosts: { hasBillingDate: view.hasBillingDate },
    onChosen: onMembershipChosen,
  });

  const slots: SectionSlots = {
    ...sharedSections({ view, send, isPending: submit.isPending, onSelectionReset }),
    centre,
    // The cards wait for the centre.
    membership: venueId ? membership : { ...membership, content: null },
    review: reviewSlot(
      view,
      <ReviewDatesSection
        mode="join"
        state={state}
        hasBillingDate={view.hasBillingDate}
        promotionEnabled={chosenOption?.promotionEnabled}
        serverErrors={view.store.errors.review}
        continueLabel="Continue"
        isSubmitting={submit.isPending}
        onChange={view.patch}
        onContinue={() => {
          trackJourneyStep('join', 'review');
          continueFromReview(view, send);
        }}
      />,
    ),
  };
  return <JourneySections view={view} slots={slots} isPending={submit.isPending} />;
}
