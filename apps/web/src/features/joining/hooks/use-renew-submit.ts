import { MEMBERSHIP_RENEWAL_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { useSubmitRenewal } from '../api/renew-membership';
import { routeFieldErrors } from '../rules/submission';
import { fieldErrorsOf, goToBookingsSite, type ModeSubmit } from './journey-submit';
import type { JourneyView } from './use-journey-view';

/**
 * A renewal's submission (account-shell §3 Renewal details): POST memberships/:id/renew adds it to the basket.
 * Field errors belong to 'Review & select dates'; anything else is the renewal's failure toast.
 */
export function useRenewSubmit(view: JourneyView, membershipId: number): ModeSubmit {
  const submit = useSubmitRenewal(membershipId);
  return {
    isPending: submit.isPending,
    start: (_next, release) => {
      submit.mutate(undefined, {
        onSuccess: () => {
          view.dispatch({ type: 'reset' });
          goToBookingsSite('/basket/checkout');
        },
        onError: (error) => {
          release();
          const fieldErrors = fieldErrorsOf(error);
          if (Object.keys(fieldErrors).length > 0) {
            view.dispatch({
              type: 'errors',
              errors: { review: routeFieldErrors(fieldErrors).review ?? {} },
              open: 'review',
            });
            return;
          }
          toast.error(MEMBERSHIP_RENEWAL_TEXTS.addFailed, { duration: TOAST_DURATION.default });
        },
      });
      return true;
    },
  };
}
