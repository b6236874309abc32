import { JOINING_TEXTS } from '@fieldhouse/contract/texts/joining';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { isApiError } from '../../../lib/api/client';
import { venueToday } from '../../../lib/dates';
import { Button } from '../../../ui/button';
import { InfoTip } from '../../../ui/info-tip';
import { Spinner } from '../../../ui/spinner';
import { useMembershipCosts } from '../api/get-membership-costs';
import { joiningTermsQueryOptions } from '../api/get-terms';
import { clampStartDate, maxStartDateOf, ordinal } from '../rules/dates';
import { REVIEW_TEXTS } from '../texts';
import type { JourneyMode, JourneyState, SectionErrors } from '../types';
import { CostBreakdown } from './cost-breakdown';
import { PromoCodeField } from './promo-code-field';
import { StartDateField } from './start-date-field';
import { TermsCheckbox } from './terms-checkbox';

export interface ReviewDatesSectionProps {
  mode: JourneyMode;
  state: JourneyState;
  /** The user already pays on a set day (billing_day is then sent as null). Guests: false. */
  hasBillingDate: boolean;
  /**
   * The chosen payment option offers a promo code (the membership list's `promotionEnabled`), known before the
   * costs arrive so the field does not push the terms down under a tap; else the costs' answer.
   */
  promotionEnabled?: boolean;
  serverErrors?: SectionErrors;
  continueLabel: string;
  isSubmitting: boolean;
  onChange: (patch: Partial<JourneyState>, clearErrors?: string[]) => void;
  onContinue: () => void;
}

const BILLING_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/**
 * Section 5 'Review & select dates' (joining §2, §4, §5): start date, billing day, promo code, health commitment
 * and membership terms, and the cost breakdown, refetched on every change.
 */
export function ReviewDatesSection({
  mode,
  state,
  hasBillingDate,
  promotionEnabled,
  serverErrors = {},
  continueLabel,
  isSubmitting,
  onChange,
  onContinue,
}: ReviewDatesSectionProps) {
  const minDate = venueToday();
  const maxDate = maxStartDateOf(minDate);
  const startDate = clampStartDate(state.startDate, minDate);
  const isRecurring = state.paymentType === 'recurring';
  const needsBillingDay = isRecurring && !hasBillingDate;
  const billingDayId = useId();
  const billingErrorId = useId();

  // A start date before the minimum (or none yet) becomes the minimum.
  useEffect(() => {
    if (state.startDate !== startDate) onChange({ startDate });
  }, [state.startDate, startDate, onChange]);

  const health = useQuery(joiningTermsQueryOptions('health_commitment'));
  const membershipTerms = useQuery(joiningTermsQueryOptions('membership'));
  const needsHealth = (health.data?.length ?? 0) > 0;
  const needsMembershipTerms = (membershipTerms.data?.length ?? 0) > 0;

  const costsParams = useMemo(
    () =>
      state.membershipTypeId && state.paymentOptionId && (!needsBillingDay || state.billingDay)
        ? {
            typeId: state.membershipTypeId,
            optionId: state.paymentOptionId,
            startDate,
            billingDay: needsBillingDay ? state.billingDay : null,
            venueId: state.venue?.id ?? null,
            promotionCodeId: state.promotionCodeId,
          }
        : null,
    [
      state.membershipTypeId,
      state.paymentOptionId,
      state.billingDay,
      state.venue?.id,
      state.promotionCodeId,
      startDate,
      needsBillingDay,
    ],
  );
  const costs = useMembershipCosts(costsParams);
  const costErrors = isApiError(costs.error) ? costs.error.fieldErrors : {};
  const errorsOf = (wireKey: string, camelKey: string): string[] => [
    ...new Set([...(serverErrors[wireKey] ?? []), ...(costErrors[camelKey] ?? [])]),
  ];
  const startDateErrors = errorsOf('start_date', 'startDate');
  const billingDayErrors = errorsOf('billing_day', 'billingDay');
  const promoErrors = errorsOf('promotion_code_id', 'promotionCodeId');
  const otherErrors = Object.entries(serverErrors)
    .filter(
      ([key]) =>
        ![
          'start_date',
          'billing_day',
          'promotion_code_id',
          'promotion_code',
          'health_commitment_accepted',
          'membership_terms_accepted',
        ].includes(key),
    )
    .flatMap(([, messages]) => messages);
  // 422 incalculable_price (joining §8): the costs cannot be worked out for these inputs.
  const isIncalculable = (costErrors.incalculablePrice?.length ?? 0) > 0;
  const costsFailed = costs.isError && Object.keys(costErrors).length === 0;

  const isBlocked =
    (needsHealth && !state.healthCommitmentAccepted) ||
    (needsMembershipTerms && !state.membershipTermsAccepted) ||
    (needsBillingDay && !state.billingDay) ||
    isIncalculable ||
    health.isPending ||
    membershipTerms.isPending;

  return (
    <div className="review-dates">
      <div className="review-dates__fields">
        {mode !== 'renew' && (
          <StartDateField
            value={startDate}
            minDate={minDate}
            maxDate={maxDate}
            errors={startDateErrors}
            onChange={(next) => onChange({ startDate: next }, ['start_date'])}
          />
        )}
        {needsBillingDay && (
          <div className="field">
            <label className="field__label" htmlFor={billingDayId}>
              Billing day
            </label>
            <p className="field__hint" id={`${billingDayId}-hint`}>
              The day of the month your monthly payment is taken.
            </p>
            <select
              id={billingDayId}
              className="field__input"
              value={state.billingDay ?? ''}
              aria-invalid={billingDayErrors.length > 0 || undefined}
              aria-describedby={[`${billingDayId}-hint`, billingDayErrors.length ? billingErrorId : '']
                .filter(Boolean)
                .join(' ')}
              onChange={(event) =>
                onChange({ billingDay: event.target.value ? Number(event.target.value) : null }, [
                  'billing_day',
                ])
              }
            >
              <option value="">Choose a day</option>
              {BILLING_DAYS.map((day) => (
                <option key={day} value={day}>
                  {ordinal(day)} of the month
                </option>
              ))}
            </select>
            {/* Its room is kept while the costs load, so what follows (the terms) does not move under a tap. */}
            {state.billingDay && !isIncalculable && (
              <p className="field__hint review-dates__first-payment" aria-live="polite">
                {costs.data?.prettyFirstBillingDate && !costs.isPlaceholderData ? (
                  <>
                    <strong>{REVIEW_TEXTS.firstPayment(costs.data.prettyFirstBillingDate)}</strong>{' '}
                    {REVIEW_TEXTS.proRataDays(costs.data.proRataDays)}
                    <InfoTip label="Why this date">{REVIEW_TEXTS.sevenDayRule}</InfoTip>
                  </>
                ) : (
                  REVIEW_TEXTS.firstPaymentLoading
                )}
              </p>
            )}
            {billingDayErrors.length > 0 && (
              <div className="field__error" id={billingErrorId} role="alert">
                {billingDayErrors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </div>
            )}
          </div>
        )}
        {mode === 'join' && (promotionEnabled ?? costs.data?.promotionEnabled) && state.paymentOptionId && (
          <PromoCodeField
            paymentOptionId={state.paymentOptionId}
            code={state.promotionCode}
            codeId={state.promotionCodeId}
            errors={promoErrors}
            onApplied={(promo) =>
              onChange({ promotionCode: promo.code, promotionCodeId: promo.id }, ['promotion_code_id'])
            }
            onRemoved={() => onChange({ promotionCode: null, promotionCodeId: null }, ['promotion_code_id'])}
          />
        )}
        {needsHealth && health.data && (
          <TermsCheckbox
            lead="I agree to the"
            linkText="health commitment"
            items={health.data}
            isChecked={state.healthCommitmentAccepted}
            errors={serverErrors.health_commitment_accepted}
            onChange={(checked) =>
              onChange({ healthCommitmentAccepted: checked }, ['health_commitment_accepted'])
            }
          />
        )}
        {needsMembershipTerms && membershipTerms.data && (
          <TermsCheckbox
            lead="I agree to the"
            linkText="membership terms and conditions"
            items={membershipTerms.data}
            isChecked={state.membershipTermsAccepted}
            errors={serverErrors.membership_terms_accepted}
            onChange={(checked) =>
              onChange({ membershipTermsAccepted: checked }, ['membership_terms_accepted'])
            }
          />
        )}
      </div>

      <div className="review-dates__costs" aria-live="polite" aria-busy={costs.isFetching || undefined}>
        <h3>Your costs</h3>
        {!costsParams ? (
          <p>Choose a billing day to see your costs.</p>
        ) : isIncalculable ? (
          <p className="notice notice--danger" role="alert">
            {JOINING_TEXTS.incalculablePrice}
          </p>
        ) : costs.data ? (
          <CostBreakdown costs={costs.data} mode={mode} hasBillingDate={hasBillingDate} />
        ) : costs.isPending ? (
          <Spinner label="Loading costs" />
        ) : null}
        {costsFailed && <p role="alert">{costs.error?.message}</p>}
      </div>

      {otherErrors.length > 0 && (
        <div className="notice notice--danger" role="alert">
          {otherErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="journey-actions">
        <Button onClick={onContinue} disabled={isBlocked || isSubmitting} isPending={isSubmitting}>
          {isSubmitting ? 'Processing...' : continueLabel}
        </Button>
      </div>
    </div>
  );
}
