import { toDisplayDate } from '../../../lib/dates';
import { Button } from '../../../ui/button';
import { type Costs, useMembershipCosts } from '../api/get-membership-costs';
import type { Membership, PaymentOption } from '../api/get-membership-types';
import { ordinal } from '../rules/dates';
import { maskAccountNumber } from '../rules/mask-account-number';
import type { JourneyState } from '../types';
import { monthlyStartText } from './cost-breakdown';
import { optionPriceLabel } from './membership-card';

export interface ConfirmSectionProps {
  state: JourneyState;
  membership: Membership | undefined;
  option: PaymentOption | undefined;
  hasBillingDate: boolean;
  isSubmitting: boolean;
  onSubmit: () => void;
}

/** Section 7 'Confirm your details' (joining §2): a summary of the journey and the submit button. */
export function ConfirmSection({
  state,
  membership,
  option,
  hasBillingDate,
  isSubmitting,
  onSubmit,
}: ConfirmSectionProps) {
  const needsBillingDay = state.paymentType === 'recurring' && !hasBillingDate;
  const costs = useMembershipCosts(
    state.membershipTypeId && state.paymentOptionId && state.startDate
      ? {
          typeId: state.membershipTypeId,
          optionId: state.paymentOptionId,
          startDate: state.startDate,
          billingDay: needsBillingDay ? state.billingDay : null,
          venueId: state.venue?.id ?? null,
          promotionCodeId: state.promotionCodeId,
        }
      : null,
  );
  const data: Costs | undefined = costs.data;
  const rows: [string, string][] = [
    ['Home centre', state.venue?.name ?? ''],
    ['Membership', membership?.name ?? ''],
    ['Payment option', option ? `${option.name} – ${optionPriceLabel(option)}` : ''],
  ];
  if (state.startDate) rows.push(['Start date', toDisplayDate(state.startDate)]);
  if (needsBillingDay && state.billingDay)
    rows.push(['Billing day', `${ordinal(state.billingDay)} of the month`]);
  if (state.promotionCode && state.promotionCodeId) rows.push(['Promo code', state.promotionCode]);
  if (data) {
    rows.push(['To pay now', data.totalToPayNow.formatted]);
    if (data.paymentType === 'recurring')
      rows.push([
        'Monthly payment',
        `${data.globalBasePrice.formatted} (${monthlyStartText(data, hasBillingDate)})`,
      ]);
  }
  if (state.bank) {
    rows.push(['Account holder', state.bank.accountHolder]);
    rows.push(['Account number', maskAccountNumber(state.bank.accountDetails.accountNumber)]);
  }

  return (
    <div className="confirm-details">
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-list__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="journey-actions">
        <Button onClick={onSubmit} disabled={isSubmitting} isPending={isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Confirm and continue to checkout'}
        </Button>
      </div>
    </div>
  );
}
