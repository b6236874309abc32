import { trackJourneyStep } from '../analytics';
import { useSubmitMembership } from '../api/submit-membership';
import { buildMembershipBody, IncompleteJourneyError, type MembershipSubmission } from '../rules/submission';
import { fieldErrorsOf, goToBookingsSite, type ModeSubmit, showSubmitErrors } from './journey-submit';
import type { JourneyView } from './use-journey-view';

/**
 * Joining's submission (joining §3 Membership details submitted): POST memberships puts the new membership into the
 * basket, and the checkout page opens with 'Membership added to basket.'.
 */
export function useJoinSubmit(view: JourneyView): ModeSubmit {
  const submit = useSubmitMembership();
  return {
    isPending: submit.isPending,
    start: (next, release) => {
      let body: MembershipSubmission;
      try {
        body = buildMembershipBody(next, { user: view.user });
      } catch (error) {
        if (error instanceof IncompleteJourneyError) {
          view.dispatch({ type: 'open', section: error.section });
          return false;
        }
        throw error;
      }
      submit.mutate(body, {
        onSuccess: () => {
          trackJourneyStep('join', 'checkout');
          view.dispatch({ type: 'reset' });
          // 'Membership added to basket.' shows on the checkout page (a full load, maybe on another sub-domain).
          goToBookingsSite('/basket/checkout', 'membership-added');
        },
        onError: (error) => {
          release();
          showSubmitErrors(view, fieldErrorsOf(error));
        },
      });
      return true;
    },
  };
}
