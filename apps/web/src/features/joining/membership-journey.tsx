import type { User as WireUser } from '@fieldhouse/contract';
import {
  MEMBERSHIP_PURCHASE_TEXTS,
  MEMBERSHIP_RENEWAL_TEXTS,
} from '@fieldhouse/contract/texts/membership-purchase';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, useCallback, useRef } from 'react';
import { type Camel, isApiError } from '../../lib/api/client';
import { withCarriedToast } from '../../lib/carried-toast';
import { siteHref } from '../../lib/links';
import { getModes } from '../../lib/modes';
import { getSiteConfig } from '../../lib/site-config';
import { TOAST_DURATION, toast } from '../../lib/toast';
import { trackJourneyStep } from './analytics';
import { type Membership, type PaymentOption, useMembershipTypes, useSubmitMembership } from './api';
import { useChangeOptions, useRenewalDetails, useSubmitChange, useSubmitRenewal } from './change-api';
import { ordinal, toDisplayDate } from './dates';
import { customQuestionsQueryOptions } from './forms-api';
import { JourneySection } from './journey-section';
import { useJourney } from './journey-store';
import type { JourneyState } from './journey-types';
import { maskAccountNumber } from './mask-account-number';
import { optionPriceLabel } from './membership-card';
import { MembershipSection } from './membership-section';
import {
  canEditSection,
  nextSection,
  SECTION_ORDER,
  type SectionId,
  sectionNumbers,
  sectionTitle,
  visibleSections,
} from './sections';
import {
  buildMembershipBody,
  IncompleteJourneyError,
  needsMandate,
  routeFieldErrors,
  unansweredRequiredQuestions,
} from './submission';

type User = Camel<WireUser>;

// The sections after 'Choose your membership' load when first opened (JourneySection suspends while they do), so
// the centre list and membership cards arrive without the forms, date pickers and validation behind them.
const ChangeReviewSection = lazy(() =>
  import('./change-review-section').then((m) => ({ default: m.ChangeReviewSection })),
);
const ConfirmSection = lazy(() => import('./confirm-section').then((m) => ({ default: m.ConfirmSection })));
const RenewalReviewSection = lazy(() =>
  import('./renewal-review-section').then((m) => ({ default: m.RenewalReviewSection })),
);
const ReviewDatesSection = lazy(() =>
  import('./review-dates-section').then((m) => ({ default: m.ReviewDatesSection })),
);
const AdditionalDetailsSection = lazy(() =>
  import('./sections/additional-details-section').then((m) => ({ default: m.AdditionalDetailsSection })),
);
const MonthlyPaymentSection = lazy(() =>
  import('./sections/monthly-payment-section').then((m) => ({ default: m.MonthlyPaymentSection })),
);
const YourDetailsSection = lazy(() =>
  import('./sections/your-details-section').then((m) => ({ default: m.YourDetailsSection })),
);

export interface CentreSectionSlot {
  /** Section 1's content while open (the centre search). */
  content: ReactNode;
  /** The chosen centre, shown while closed. */
  summary: ReactNode;
  onEdit: () => void;
}

export interface MembershipJourneyProps {
  /** The logged-in user, or null for a guest. */
  user: User | null;
  /** Join only: section 1 'Choose your home centre', rendered by the page. */
  centre?: CentreSectionSlot;
  /** Join: navigate to the membership's URL. Change / renew stay in place. */
  onMembershipChosen?: (membership: Membership, option: PaymentOption) => void;
  /** The selection was reset (ineligible): join goes back to /centre/{slug}. */
  onSelectionReset?: () => void;
  /** Change / renew: the member's membership being changed or renewed. */
  managedMembershipId?: number;
}

/** Leaves for a page of the bookings site (a full load, maybe on another sub-domain). */
const goToBookingsSite = (path: string, notice?: 'membership-added') => {
  const href = siteHref(getSiteConfig(), getModes(), 'bookings', path, { withKiosk: true });
  window.location.assign(notice ? withCarriedToast(href, notice) : href);
};

/**
 * The join / change / renew journey from the membership section on (joining §2, §4): composes the sections, keeps
 * exactly one open, numbers the shown ones and submits the membership. State lives in the JourneyProvider.
 */
export function MembershipJourney({
  user,
  centre,
  onMembershipChosen,
  onSelectionReset,
  managedMembershipId,
}: MembershipJourneyProps) {
  const { store, dispatch } = useJourney();
  const { state, finished, errors } = store;
  const { mode } = state;
  const isLoggedIn = user !== null;
  const hasInstruction = user?.hasInstruction ?? false;
  const hasBillingDate = user?.hasBillingDate ?? false;

  const memberships = useMembershipTypes(state.venue?.id, user?.id ?? null, {
    includeIneligible: isLoggedIn,
  });
  const managedId = managedMembershipId ?? null;
  const changeOptions = useChangeOptions(mode === 'change' ? managedId : null);
  const renewal = useRenewalDetails(mode === 'renew' ? managedId : null);
  const membershipList = mode === 'change' ? changeOptions.data : memberships.data;
  const membership = membershipList?.find((m) => m.id === state.membershipTypeId);
  const option = membership?.paymentOptions.find((o) => o.id === state.paymentOptionId);

  const questions = useQuery({
    ...customQuestionsQueryOptions(state.membershipTypeId ?? 0, isLoggedIn),
    enabled: state.membershipTypeId !== null,
  });
  const hasQuestions = (questions.data?.length ?? 0) > 0;

  const sections = visibleSections({ mode, paymentType: state.paymentType, hasQuestions, hasInstruction });
  const numbers = sectionNumbers(sections);
  const open: SectionId = sections.includes(store.open)
    ? store.open
    : (nextSection(sections, store.open) ?? sections[sections.length - 1] ?? 'membership');
  const after = (id: SectionId) => nextSection(sections, id);

  const submit = useSubmitMembership();
  const submitChange = useSubmitChange(managedId ?? 0);
  const submitRenewal = useSubmitRenewal(managedId ?? 0);
  const isSubmitting = useRef(false);
  const pending = submit.isPending || submitChange.isPending || submitRenewal.isPending;

  /** A change or renewal refused because the member cannot have the chosen membership: start again. */
  const resetIneligible = () => {
    toast.error(MEMBERSHIP_PURCHASE_TEXTS.ineligibleSelected, { duration: TOAST_DURATION.default });
    dispatch({ type: 'resetMembership' });
    onSelectionReset?.();
  };

  const sendChange = (next: JourneyState) => {
    if (!next.paymentOptionId) return dispatch({ type: 'open', section: 'membership' });
    if (!next.startDate) return dispatch({ type: 'open', section: 'review' });
    isSubmitting.current = true;
    submitChange.mutate(
      { startsAt: next.startDate, paymentOptionId: next.paymentOptionId },
      {
        onSuccess: (result) => {
          dispatch({ type: 'reset' });
          // Nothing to pay: the change is made (an order records it). Otherwise it waits in the basket.
          goToBookingsSite(result.orderId ? `/booking-confirmed/${result.orderId}` : '/basket/checkout');
        },
        onError: (error) => {
          isSubmitting.current = false;
          const fieldErrors = isApiError(error) && error.status === 422 ? error.fieldErrors : {};
          if (fieldErrors.paymentOptionId) return resetIneligible();
          const routed = routeFieldErrors(fieldErrors);
          const first = SECTION_ORDER.find((id) => routed[id] && sections.includes(id));
          if (first) dispatch({ type: 'errors', errors: routed, open: first });
          else toast.error(MEMBERSHIP_PURCHASE_TEXTS.submitFailed, { duration: TOAST_DURATION.default });
        },
      },
    );
  };

  const sendRenewal = () => {
    isSubmitting.current = true;
    submitRenewal.mutate(undefined, {
      onSuccess: () => {
        dispatch({ type: 'reset' });
        goToBookingsSite('/basket/checkout');
      },
      onError: (error) => {
        isSubmitting.current = false;
        const fieldErrors = isApiError(error) && error.status === 422 ? error.fieldErrors : {};
        if (Object.keys(fieldErrors).length > 0) {
          dispatch({
            type: 'errors',
            errors: { review: routeFieldErrors(fieldErrors).review ?? {} },
            open: 'review',
          });
          return;
        }
        toast.error(MEMBERSHIP_RENEWAL_TEXTS.addFailed, { duration: TOAST_DURATION.default });
      },
    });
  };

  const send = (next: JourneyState) => {
    if (isSubmitting.current || pending) return;
    if (questions.data && unansweredRequiredQuestions(questions.data, next.answers).length > 0) {
      toast.error(MEMBERSHIP_PURCHASE_TEXTS.fillRequiredQuestions, { duration: TOAST_DURATION.default });
      dispatch({ type: 'open', section: 'additional' });
      return;
    }
    if (mode === 'change') return sendChange(next);
    if (mode === 'renew') return sendRenewal();
    let body: ReturnType<typeof buildMembershipBody>;
    try {
      body = buildMembershipBody(next, { user });
    } catch (error) {
      if (error instanceof IncompleteJourneyError) {
        dispatch({ type: 'open', section: error.section });
        return;
      }
      throw error;
    }
    isSubmitting.current = true;
    submit.mutate(body, {
      onSuccess: () => {
        trackJourneyStep(mode, 'checkout');
        dispatch({ type: 'reset' });
        // 'Membership added to basket.' shows on the checkout page (a full load, maybe on another sub-domain).
        goToBookingsSite('/basket/checkout', 'membership-added');
      },
      onError: (error) => {
        isSubmitting.current = false;
        const fieldErrors = isApiError(error) && error.status === 422 ? error.fieldErrors : {};
        const routed = routeFieldErrors(fieldErrors);
        const first = SECTION_ORDER.find((id) => routed[id] && sections.includes(id));
        if (first) dispatch({ type: 'errors', errors: routed, open: first });
        else toast.error(MEMBERSHIP_PURCHASE_TEXTS.submitFailed, { duration: TOAST_DURATION.default });
      },
    });
  };

  const chooseMembership = (chosen: Membership, chosenOption: PaymentOption) => {
    if (!chosenOption.isPurchasable.canPurchase) return;
    dispatch({
      type: 'choose',
      membership: {
        membershipTypeId: chosen.id,
        membershipSlug: chosen.slug,
        paymentOptionId: chosenOption.id,
        paymentType: chosenOption.paymentType,
      },
      open: 'details',
    });
    trackJourneyStep(mode, 'membership');
    onMembershipChosen?.(chosen, chosenOption);
  };

  /**
   * 'Your details' done. A guest's account now exists (joining §4: created 201, memberships loaded 200): the next
   * section opens only if the chosen membership is still purchasable for them, else the selection resets.
   */
  const onDetailsDone = ({ isPurchasable }: { isPurchasable: { canPurchase: boolean } | null }) => {
    if (isPurchasable && !isPurchasable.canPurchase) {
      toast.error(MEMBERSHIP_PURCHASE_TEXTS.ineligibleSelected, { duration: TOAST_DURATION.default });
      dispatch({ type: 'resetMembership' });
      onSelectionReset?.();
      return;
    }
    dispatch({ type: 'finish', section: 'details', open: after('details') });
    trackJourneyStep(mode, 'details');
  };

  const onReviewChange = useCallback(
    (patch: Partial<JourneyState>, clearErrors?: string[]) => dispatch({ type: 'patch', patch, clearErrors }),
    [dispatch],
  );

  const sectionProps = (id: SectionId) => ({
    number: numbers[id] ?? 0,
    title: sectionTitle(id),
    isOpen: open === id,
    isFinished: finished.includes(id) && open !== id,
    // While the centre is being chosen again, later sections wait for it.
    canEdit: canEditSection(id, mode) && !pending && (open !== 'centre' || id === 'centre'),
    onEdit: () => dispatch({ type: 'open', section: id }),
  });

  const summaries: Partial<Record<SectionId, ReactNode>> = {
    membership:
      mode === 'renew'
        ? renewal.data && (
            <p>
              <strong>{renewal.data.name}</strong> – {renewal.data.price.formatted}
            </p>
          )
        : membership &&
          option && (
            <p>
              <strong>{membership.name}</strong> – {optionPriceLabel(option)}
            </p>
          ),
    details: user && (
      <p>
        {user.firstName} {user.lastName} ({user.email})
      </p>
    ),
    additional: <p>Your answers are saved.</p>,
    review: state.startDate && (
      <p>
        Starts on {toDisplayDate(state.startDate)}
        {state.paymentType === 'recurring' && !hasBillingDate && state.billingDay
          ? `, paying on the ${ordinal(state.billingDay)} of each month`
          : ''}
      </p>
    ),
    payment: state.bank && (
      <p>
        {state.bank.accountHolder}, account {maskAccountNumber(state.bank.accountDetails.accountNumber)}
      </p>
    ),
  };

  const venueId = state.venue?.id;
  const typeId = state.membershipTypeId;
  const isMandate = needsMandate(state.paymentType, hasInstruction);

  return (
    <ol className="journey" aria-label="Steps">
      {sections.map((id) => {
        if (id === 'centre') {
          if (!centre) return null;
          return (
            <JourneySection key={id} {...sectionProps(id)} summary={centre.summary} onEdit={centre.onEdit}>
              {centre.content}
            </JourneySection>
          );
        }
        const content = (() => {
          if (id === 'membership' && mode === 'renew')
            return renewal.data ? (
              <p>
                <strong>{renewal.data.name}</strong> – {renewal.data.price.formatted}
              </p>
            ) : null;
          if (id === 'membership' && mode === 'change')
            return (
              <MembershipSection
                venueId={venueId ?? 0}
                viewerId={user?.id ?? null}
                selected={{ membershipTypeId: state.membershipTypeId, paymentType: state.paymentType }}
                serverErrors={errors.membership}
                changeOptions={changeOptions}
                onChoose={chooseMembership}
              />
            );
          if (id === 'membership')
            return venueId ? (
              <MembershipSection
                venueId={venueId}
                viewerId={user?.id ?? null}
                selected={{ membershipTypeId: state.membershipTypeId, paymentType: state.paymentType }}
                serverErrors={errors.membership}
                joiningCosts={mode === 'join' ? { hasBillingDate } : undefined}
                onChoose={chooseMembership}
              />
            ) : null;
          if (!typeId || (mode === 'join' && !venueId)) return null;
          switch (id) {
            case 'details':
              return (
                <YourDetailsSection
                  isLoggedIn={isLoggedIn}
                  membershipTypeId={typeId}
                  paymentOptionId={state.paymentOptionId ?? 0}
                  venueId={venueId ?? 0}
                  isAutoContinue={mode === 'renew'}
                  serverErrors={errors.details}
                  onDone={onDetailsDone}
                />
              );
            case 'additional':
              return (
                <AdditionalDetailsSection
                  isLoggedIn={isLoggedIn}
                  membershipTypeId={typeId}
                  answers={state.answers}
                  serverErrors={errors.additional}
                  onDone={(answers) => {
                    dispatch({
                      type: 'finish',
                      section: 'additional',
                      patch: { answers },
                      open: after('additional'),
                    });
                    trackJourneyStep(mode, 'additional');
                  }}
                />
              );
            case 'review':
              if (mode === 'change' && managedId !== null)
                return (
                  <ChangeReviewSection
                    membershipId={managedId}
                    state={state}
                    serverErrors={errors.review}
                    isSubmitting={pending}
                    onChange={onReviewChange}
                    onContinue={() => {
                      if (isMandate) {
                        dispatch({ type: 'finish', section: 'review', open: 'payment' });
                        return;
                      }
                      dispatch({ type: 'finish', section: 'review', open: null });
                      send(state);
                    }}
                  />
                );
              if (mode === 'renew' && managedId !== null)
                return (
                  <RenewalReviewSection
                    membershipId={managedId}
                    serverErrors={errors.review}
                    isSubmitting={pending}
                    onContinue={() => {
                      if (isMandate) {
                        dispatch({ type: 'finish', section: 'review', open: 'payment' });
                        return;
                      }
                      dispatch({ type: 'finish', section: 'review', open: null });
                      send(state);
                    }}
                  />
                );
              return (
                <ReviewDatesSection
                  mode={mode}
                  state={state}
                  hasBillingDate={hasBillingDate}
                  serverErrors={errors.review}
                  continueLabel="Continue"
                  isSubmitting={pending}
                  onChange={onReviewChange}
                  onContinue={() => {
                    trackJourneyStep(mode, 'review');
                    if (isMandate) {
                      dispatch({ type: 'finish', section: 'review', open: 'payment' });
                      return;
                    }
                    dispatch({ type: 'finish', section: 'review', open: null });
                    send(state);
                  }}
                />
              );
            case 'payment':
              return (
                <MonthlyPaymentSection
                  bank={state.bank}
                  serverErrors={errors.payment}
                  onDone={(bank) => {
                    dispatch({ type: 'finish', section: 'payment', patch: { bank }, open: 'confirm' });
                    trackJourneyStep(mode, 'payment');
                  }}
                />
              );
            case 'confirm':
              return (
                <ConfirmSection
                  state={state}
                  membership={membership}
                  option={option}
                  hasBillingDate={hasBillingDate}
                  isSubmitting={pending}
                  onSubmit={() => {
                    trackJourneyStep(mode, 'confirm');
                    send(state);
                  }}
                />
              );
            default:
              return null;
          }
        })();
        return (
          <JourneySection key={id} {...sectionProps(id)} summary={summaries[id]}>
            {content}
          </JourneySection>
        );
      })}
    </ol>
  );
}
