import { JOINING_TEXTS } from '@fieldhouse/contract/texts/joining';
import { InfoTip } from '../../../ui/info-tip';
import type { Costs } from '../api/get-membership-costs';
import { durationLabel } from '../rules/price-label';
import { REVIEW_TEXTS } from '../texts';
import type { JourneyMode } from '../types';

export interface CostBreakdownProps {
  costs: Costs;
  mode: JourneyMode;
  /** The member pays on their usual date: 'Starting next month on your usual payment date'. */
  hasBillingDate: boolean;
}

/** 'Starting 1 December 2026', or the usual-payment-date text (joining §2 Cost breakdown). */
export function monthlyStartText(
  costs: Pick<Costs, 'prettyFirstBillingDate'>,
  hasBillingDate: boolean,
): string {
  if (hasBillingDate || !costs.prettyFirstBillingDate) return JOINING_TEXTS.usualPaymentDate;
  if (costs.prettyFirstBillingDate === JOINING_TEXTS.usualPaymentDate) return costs.prettyFirstBillingDate;
  return `Starting ${costs.prettyFirstBillingDate}`;
}

/** Setup fee, Month in hand fee, Pro-rata, Code Applied, Total to pay now, Monthly payment (joining §2). */
export function CostBreakdown({ costs, mode, hasBillingDate }: CostBreakdownProps) {
  const { fees } = costs;
  const isRecurring = costs.paymentType === 'recurring';
  const duration = durationLabel(costs);
  return (
    <dl className="cost-breakdown" aria-label="Cost breakdown">
      {mode !== 'change' && (
        <div className="cost-breakdown__line">
          <dt>Setup fee</dt>
          <dd>{fees.joiningFee.formatted}</dd>
        </div>
      )}
      {isRecurring && fees.monthInHandFee.raw > 0 && (
        <div className="cost-breakdown__line">
          <dt>Month in hand fee</dt>
          <dd>{fees.monthInHandFee.formatted}</dd>
        </div>
      )}
      {isRecurring && (
        <div className="cost-breakdown__line">
          <dt>
            Pro-rata
            {costs.proRataDays > 0 && (
              <span className="cost-breakdown__note"> ({costs.proRataDays} days)</span>
            )}
            <InfoTip label="About pro-rata">
              {REVIEW_TEXTS.proRataTip} {REVIEW_TEXTS.sevenDayRule}
            </InfoTip>
          </dt>
          <dd>{fees.proRataFee.formatted}</dd>
        </div>
      )}
      {!isRecurring && (
        <div className="cost-breakdown__line">
          <dt>Membership{duration ? ` (${duration})` : ''}</dt>
          <dd>{fees.baseFee.formatted}</dd>
        </div>
      )}
      {fees.discount.raw > 0 && (
        <div className="cost-breakdown__line cost-breakdown__line--discount">
          <dt>Code Applied</dt>
          <dd>-{fees.discount.formatted}</dd>
        </div>
      )}
      <div className="cost-breakdown__line cost-breakdown__line--total">
        <dt>Total to pay now</dt>
        <dd>{costs.totalToPayNow.formatted}</dd>
      </div>
      {isRecurring && (
        <div className="cost-breakdown__line cost-breakdown__line--monthly">
          <dt>
            Monthly payment
            <span className="cost-breakdown__note">{monthlyStartText(costs, hasBillingDate)}</span>
          </dt>
          <dd>{costs.globalBasePrice.formatted}</dd>
        </div>
      )}
    </dl>
  );
}
