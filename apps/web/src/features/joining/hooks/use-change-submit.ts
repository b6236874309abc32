import { useSubmitChange } from '../api/change-membership';
import {
  fieldErrorsOf,
  goToBookingsSite,
  type ModeSubmit,
  resetIneligible,
  showSubmitErrors,
} from './journey-submit';
import type { JourneyView } from './use-journey-view';

/**
 * A change's submission (joining §3 Change): POST memberships/:id/change. With nothing to pay the change is made at
 * once and its order opens; otherwise it waits in the basket. Refused for the chosen option: start again.
 */
export function useChangeSubmit(
  view: JourneyView,
  membershipId: number,
  onSelectionReset?: () => void,
): ModeSubmit {
  const submit = useSubmitChange(membershipId);
  return {
    isPending: submit.isPending,
    start: (next, release) => {
      if (!next.paymentOptionId) {
        view.dispatch({ type: 'open', section: 'membership' });
        return false;
      }
      if (!next.startDate) {
        view.dispatch({ type: 'open', section: 'review' });
        return false;
      }
      submit.mutate(
        { startsAt: next.startDate, paymentOptionId: next.paymentOptionId },
        {
          onSuccess: (result) => {
            view.dispatch({ type: 'reset' });
            // Nothing to pay: the change is made (an order records it). Otherwise it waits in the basket.
            goToBookingsSite(result.orderId ? `/booking-confirmed/${result.orderId}` : '/basket/checkout');
          },
          onError: (error) => {
            release();
            const fieldErrors = fieldErrorsOf(error);
            if (fieldErrors.paymentOptionId) return resetIneligible(view, onSelectionReset);
            showSubmitErrors(view, fieldErrors);
          },
        },
      );
      return true;
    },
  };
}
