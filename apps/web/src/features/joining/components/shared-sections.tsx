import type { IsPurchasable } from '@fieldhouse/contract';
import { lazy } from 'react';
import type { Camel } from '../../../lib/api/client';
import { toDisplayDate } from '../../../lib/dates';
import { trackJourneyStep } from '../analytics';
import type { Membership, PaymentOption } from '../api/get-membership-types';
import { resetIneligible } from '../hooks/journey-submit';
import type { JourneyView } from '../hooks/use-journey-view';
import { ordinal } from '../rules/dates';
import { maskAccountNumber } from '../rules/mask-account-number';
import { needsMandate } from '../rules/submission';
import type { JourneyState } from '../types';
import type { SectionSlot, SectionSlots } from './journey-sections';
import { optionPriceLabel } from './membership-card';
import { MembershipSection, type MembershipSectionProps } from './membership-section';

// The sections after 'Choose your membership' load when first opened (JourneySection suspends while they do), so
// the centre list and membership cards arrive without the forms, date pickers and validation behind them.
const AdditionalDetailsSection = lazy(() =>
  import('./additional-details-section').then((m) => ({ default: m.AdditionalDetailsSection })),
);
const ConfirmSection = lazy(() => import('./confirm-section').then((m) => ({ default: m.ConfirmSection })));
const MonthlyPaymentSection = lazy(() =>
  import('./monthly-payment-section').then((m) => ({ default: m.MonthlyPaymentSection })),
);
const YourDetailsSection = lazy(() =>
  import('./your-details-section').then((m) => ({ default: m.YourDetailsSection })),
);

export interface SharedSectionsInput {
  view: JourneyView;
  send: (next: JourneyState) => void;
  isPending: boolean;
  /** The selection was reset (ineligible): join goes back to /centre/{slug}, renew to /memberships. */
  onSelectionReset?: () => void;
}

/**
 * The sections every mode shows alike: your details, additional details, monthly payment and confirm. A guest's
 * 'Your details' creates the account (joining §4: 201, memberships loaded 200); the next section opens only if the
 * chosen membership is still purchasable for them, else the selection resets.
 */
export function sharedSections({
  view,
  send,
  isPending,
  onSelectionReset,
}: SharedSectionsInput): SectionSlots {
  const { state, mode, user, dispatch, after } = view;
  const { errors } = view.store;
  const typeId = state.membershipTypeId ?? 0;
  const onDetailsDone = ({ isPurchasable }: { isPurchasable: Camel<IsPurchasable> | null }) => {
    if (isPurchasable && !isPurchasable.canPurchase) return resetIneligible(view, onSelectionReset);
    dispatch({ type: 'finish', section: 'details', open: after('details') });
    trackJourneyStep(mode, 'details');
  };
  return {
    details: {
      content: (
        <YourDetailsSection
          isLoggedIn={view.isLoggedIn}
          membershipTypeId={typeId}
          paymentOptionId={state.paymentOptionId ?? 0}
          venueId={state.venue?.id ?? 0}
          isAutoContinue={mode === 'renew'}
          serverErrors={errors.details}
          onDone={onDetailsDone}
        />
      ),
      summary: user && (
        <p>
          {user.firstName} {user.lastName} ({user.email})
        </p>
      ),
    },
    additional: {
      content: (
        <AdditionalDetailsSection
          isLoggedIn={view.isLoggedIn}
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
      ),
      summary: <p>Your answers are saved.</p>,
    },
    payment: {
      content: (
        <MonthlyPaymentSection
          bank={state.bank}
          serverErrors={errors.payment}
          onDone={(bank) => {
            dispatch({ type: 'finish', section: 'payment', patch: { bank }, open: 'confirm' });
            trackJourneyStep(mode, 'payment');
          }}
        />
      ),
      summary: state.bank && (
        <p>
          {state.bank.accountHolder}, account {maskAccountNumber(state.bank.accountDetails.accountNumber)}
        </p>
      ),
    },
    confirm: {
      content: (
        <ConfirmSection
          state={state}
          membership={view.membership}
          option={view.option}
          hasBillingDate={view.hasBillingDate}
          isSubmitting={isPending}
          onSubmit={() => {
            trackJourneyStep(mode, 'confirm');
            send(state);
          }}
        />
      ),
    },
  };
}

/** 'Review & select dates' in every mode: the mode's content, with the start date (and billing day) as summary. */
export function reviewSlot(view: JourneyView, content: SectionSlot['content']): SectionSlot {
  const { state } = view;
  return {
    content,
    summary: state.startDate && (
      <p>
        Starts on {toDisplayDate(state.startDate)}
        {state.paymentType === 'recurring' && !view.hasBillingDate && state.billingDay
          ? `, paying on the ${ordinal(state.billingDay)} of each month`
          : ''}
      </p>
    ),
  };
}

/** Continue in 'Review & select dates': on to monthly payment when a mandate is needed, else the submission. */
export function continueFromReview(view: JourneyView, send: (next: JourneyState) => void): void {
  if (needsMandate(view.state.paymentType, view.hasInstruction)) {
    view.dispatch({ type: 'finish', section: 'review', open: 'payment' });
    return;
  }
  view.dispatch({ type: 'finish', section: 'review', open: null });
  send(view.state);
}

/**
 * 'Choose your membership' when joining or changing: the cards (the venue's memberships, or what the membership can
 * change to); a purchasable option is chosen and 'Your details' opens next. (It lives beside the shared sections so
 * the join and account sites share one file of the journey, not two.)
 */
export function membershipChoiceSlot(
  view: JourneyView,
  props: Pick<MembershipSectionProps, 'venueId' | 'joiningCosts' | 'changeOptions'> & {
    onChosen?: (membership: Membership, option: PaymentOption) => void;
  },
): SectionSlot {
  const { state } = view;
  const { onChosen, ...listProps } = props;
  const choose = (chosen: Membership, option: PaymentOption) => {
    if (!option.isPurchasable.canPurchase) return;
    view.dispatch({
      type: 'choose',
      membership: {
        membershipTypeId: chosen.id,
        membershipSlug: chosen.slug,
        paymentOptionId: option.id,
        paymentType: option.paymentType,
      },
      open: 'details',
    });
    trackJourneyStep(view.mode, 'membership');
    onChosen?.(chosen, option);
  };
  return {
    content: (
      <MembershipSection
        {...listProps}
        viewerId={view.user?.id ?? null}
        selected={{ membershipTypeId: state.membershipTypeId, paymentType: state.paymentType }}
        serverErrors={view.store.errors.membership}
        onChoose={choose}
      />
    ),
    summary: chosenMembershipSummary(view),
  };
}

/** The chosen membership and its price, once 'Choose your membership' is finished. */
const chosenMembershipSummary = ({ membership, option }: JourneyView) =>
  membership &&
  option && (
    <p>
      <strong>{membership.name}</strong> – {optionPriceLabel(option)}
    </p>
  );
