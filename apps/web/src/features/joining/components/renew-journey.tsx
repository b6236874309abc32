import { lazy } from 'react';
import { useRenewalDetails } from '../api/get-renewal-details';
import { useGuardedSend } from '../hooks/journey-submit';
import { type JourneyUser, useJourneyView } from '../hooks/use-journey-view';
import { useRenewSubmit } from '../hooks/use-renew-submit';
import { JourneySections, type SectionSlots } from './journey-sections';
import { continueFromReview, reviewSlot, sharedSections } from './shared-sections';

const RenewalReviewSection = lazy(() =>
  import('./renewal-review-section').then((m) => ({ default: m.RenewalReviewSection })),
);

export interface RenewMembershipJourneyProps {
  user: JourneyUser;
  /** The member's membership being renewed (its type and payment type are already chosen by the page). */
  membershipId: number;
  /** The selection was reset (ineligible): back to /memberships. */
  onSelectionReset?: () => void;
}

/**
 * Renewing a membership (joining §2, account-shell §3 Renewal details): the membership is the member's own and
 * cannot be edited; your details finishes by itself when nothing is missing; the review shows what the renewal
 * gives and costs; the submission adds it to the basket. State lives in the JourneyProvider.
 */
export function RenewMembershipJourney({
  user,
  membershipId,
  onSelectionReset,
}: RenewMembershipJourneyProps) {
  const renewal = useRenewalDetails(membershipId);
  // The renewal is not picked from a list: there is no membership card to read a price from.
  const view = useJourneyView(user, undefined);
  const submit = useRenewSubmit(view, membershipId);
  const send = useGuardedSend(view, submit);

  const renewing = renewal.data ? (
    <p>
      <strong>{renewal.data.name}</strong> – {renewal.data.price.formatted}
    </p>
  ) : null;
  const slots: SectionSlots = {
    ...sharedSections({ view, send, isPending: submit.isPending, onSelectionReset }),
    membership: { content: renewing, summary: renewing },
    review: reviewSlot(
      view,
      <RenewalReviewSection
        membershipId={membershipId}
        serverErrors={view.store.errors.review}
        isSubmitting={submit.isPending}
        onContinue={() => continueFromReview(view, send)}
      />,
    ),
  };
  return <JourneySections view={view} slots={slots} isPending={submit.isPending} />;
}
