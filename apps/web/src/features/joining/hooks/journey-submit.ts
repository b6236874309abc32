import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { useRef } from 'react';
import { isApiError } from '../../../lib/api/client';
import { withCarriedToast } from '../../../lib/carried-toast';
import { siteHref } from '../../../lib/links';
import { getModes } from '../../../lib/modes';
import { getSiteConfig } from '../../../lib/site-config';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { SECTION_ORDER } from '../rules/sections';
import { routeFieldErrors, unansweredRequiredQuestions } from '../rules/submission';
import type { JourneyState } from '../types';
import type { JourneyView } from './use-journey-view';

/**
 * One mode's submission (use-join-submit, use-change-submit, use-renew-submit). `start` sends the journey, or
 * reopens the section still missing something and returns false; on a failed request it calls `release` so the
 * member can try again.
 */
export interface ModeSubmit {
  isPending: boolean;
  start: (next: JourneyState, release: () => void) => boolean;
}

/**
 * The send every mode shares: one submission at a time, and none while the membership's required questions are
 * unanswered (that toast, and 'Additional details' reopens).
 */
export function useGuardedSend(view: JourneyView, submit: ModeSubmit): (next: JourneyState) => void {
  const isSubmitting = useRef(false);
  return (next) => {
    if (isSubmitting.current || submit.isPending) return;
    if (view.questions && unansweredRequiredQuestions(view.questions, next.answers).length > 0) {
      toast.error(MEMBERSHIP_PURCHASE_TEXTS.fillRequiredQuestions, { duration: TOAST_DURATION.default });
      view.dispatch({ type: 'open', section: 'additional' });
      return;
    }
    isSubmitting.current = submit.start(next, () => {
      isSubmitting.current = false;
    });
  };
}

/** Leaves for a page of the bookings site (a full load, maybe on another sub-domain). */
export const goToBookingsSite = (path: string, notice?: 'membership-added') => {
  const href = siteHref(getSiteConfig(), getModes(), 'bookings', path, { withKiosk: true });
  window.location.assign(notice ? withCarriedToast(href, notice) : href);
};

/** A 422's field errors (none for any other failure). */
export const fieldErrorsOf = (error: unknown): Record<string, string[]> =>
  isApiError(error) && error.status === 422 ? error.fieldErrors : {};

/** Field errors go to their sections and the first shown one opens; with none to show, the generic failure toast. */
export function showSubmitErrors(view: JourneyView, fieldErrors: Record<string, string[]>): void {
  const routed = routeFieldErrors(fieldErrors);
  const first = SECTION_ORDER.find((id) => routed[id] && view.sections.includes(id));
  if (first) view.dispatch({ type: 'errors', errors: routed, open: first });
  else toast.error(MEMBERSHIP_PURCHASE_TEXTS.submitFailed, { duration: TOAST_DURATION.default });
}

/** The member cannot have the chosen membership: that toast, and the journey starts again from the membership. */
export function resetIneligible(view: JourneyView, onSelectionReset?: () => void): void {
  toast.error(MEMBERSHIP_PURCHASE_TEXTS.ineligibleSelected, { duration: TOAST_DURATION.default });
  view.dispatch({ type: 'resetMembership' });
  onSelectionReset?.();
}
