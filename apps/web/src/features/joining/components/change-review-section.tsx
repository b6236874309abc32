import { JOINING_TEXTS } from '@fieldhouse/contract/texts/joining';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { type ChangeCosts, useChangeCosts } from '../api/get-change-costs';
import { clampStartDate } from '../rules/dates';
import type { JourneyState, SectionErrors } from '../types';
import { StartDateField } from './start-date-field';

export interface ChangeReviewSectionProps {
  membershipId: number;
  state: JourneyState;
  serverErrors?: SectionErrors;
  isSubmitting: boolean;
  onChange: (patch: Partial<JourneyState>, clearErrors?: string[]) => void;
  onContinue: () => void;
}

/** What the change costs (joining §3 Change costs): no setup fee and no promo code on a change. */
function ChangeCostLines({ costs }: { costs: ChangeCosts }) {
  const perMonth = costs.paymentType === 'recurring' ? ' per month' : '';
  const { composition } = costs.costs.totalDueNow;
  return (
    <>
      <dl className="cost-breakdown" aria-label="Cost breakdown">
        <div className="cost-breakdown__line">
          <dt>Difference to your current membership</dt>
          <dd>{costs.costs.differenceToOldMembership}</dd>
        </div>
        {composition.monthInHand.raw > 0 && (
          <div className="cost-breakdown__line">
            <dt>Month in hand</dt>
            <dd>{composition.monthInHand.formatted}</dd>
          </div>
        )}
        {composition.fees.raw > 0 && (
          <div className="cost-breakdown__line">
            <dt>Fees</dt>
            <dd>{composition.fees.formatted}</dd>
          </div>
        )}
        <div className="cost-breakdown__line cost-breakdown__line--total">
          <dt>Total due now</dt>
          <dd>{costs.costs.totalDueNow.formatted}</dd>
        </div>
        <div className="cost-breakdown__line">
          <dt>New price</dt>
          <dd>
            {costs.newMembershipPrice.formatted}
            {perMonth}
          </dd>
        </div>
        {costs.prettyFirstBillingDate && (
          <div className="cost-breakdown__line">
            <dt>First billing date</dt>
            <dd>{costs.prettyFirstBillingDate}</dd>
          </div>
        )}
      </dl>
      {costs.nextPayments.length > 0 && (
        <section aria-label="Your next payments">
          <h4>Your next payments</h4>
          <ul className="summary-list summary-list--plain">
            {costs.nextPayments.map((payment) => (
              <li key={`${payment.date}-${payment.description}`} className="summary-list__row">
                <span>
                  {payment.datePretty} – {payment.description}
                </span>
                <strong>{payment.amount.formatted}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * 'Review & select dates' on a change (joining §3, §4, §5): the start date lies in the window the change costs
 * give; the costs show the difference, the total due now, the new price, the first billing date and the next
 * payments.
 */
export function ChangeReviewSection({
  membershipId,
  state,
  serverErrors = {},
  isSubmitting,
  onChange,
  onContinue,
}: ChangeReviewSectionProps) {
  const costs = useChangeCosts(membershipId, state.paymentOptionId, state.startDate);
  const range = costs.data?.startsAt ?? null;
  const startDate = range ? clampStartDate(state.startDate, range.min) : null;
  const clamped = startDate && range && startDate > range.max ? range.max : startDate;

  // No date yet, or one outside the window: take the window's first day.
  useEffect(() => {
    if (clamped && state.startDate !== clamped) onChange({ startDate: clamped });
  }, [clamped, state.startDate, onChange]);

  const costErrors = isApiError(costs.error) ? costs.error.fieldErrors : {};
  // 422 incalculable_price (account-shell §5): 'Could not calculate price.' instead of a blank.
  const isIncalculable = (costErrors.incalculablePrice?.length ?? 0) > 0;
  const startErrors = [...new Set([...(serverErrors.starts_at ?? []), ...(costErrors.startsAt ?? [])])];
  const otherErrors = Object.entries(serverErrors)
    .filter(([key]) => key !== 'starts_at')
    .flatMap(([, messages]) => messages);

  return (
    <div className="review-dates">
      <div className="review-dates__fields">
        {range && clamped ? (
          <StartDateField
            value={clamped}
            minDate={range.min}
            maxDate={range.max}
            errors={startErrors}
            onChange={(next) => onChange({ startDate: next }, ['starts_at'])}
          />
        ) : null}
      </div>
      <div className="review-dates__costs" aria-live="polite" aria-busy={costs.isFetching || undefined}>
        <h3>Your costs</h3>
        {isIncalculable ? (
          <p className="notice notice--danger" role="alert">
            {JOINING_TEXTS.incalculablePrice}
          </p>
        ) : costs.data ? (
          <ChangeCostLines costs={costs.data} />
        ) : costs.isPending ? (
          <Spinner label="Loading costs" />
        ) : null}
        {costs.isError && Object.keys(costErrors).length === 0 && <p role="alert">{costs.error.message}</p>}
      </div>
      {otherErrors.length > 0 && (
        <div className="notice notice--danger" role="alert">
          {otherErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="journey-actions">
        <Button
          onClick={onContinue}
          disabled={!costs.data || isIncalculable || !clamped || isSubmitting}
          isPending={isSubmitting}
        >
          {isSubmitting ? 'Processing...' : 'Continue'}
        </Button>
      </div>
    </div>
  );
}
