import type { Cart } from '../../../api/get-cart';
import { formatMoney } from '../../../lib/format';
import { creditAmount, type OfflinePayment } from '../../../lib/offline-payments';
import { CheckboxField } from '../../../ui/text-field';
import { applicableCredit } from '../rules/credit';

const creditKindText = (
  label: string,
  credit: { totalAvailable: { raw: number }; maxApplicable: { raw: number } },
): string =>
  credit.maxApplicable.raw > 0
    ? `${label}: ${formatMoney(credit.totalAvailable.raw)} available, up to ${formatMoney(credit.maxApplicable.raw)} for this order`
    : `${label}: ${formatMoney(credit.totalAvailable.raw)} available, not usable for this order`;

/** 'Use my booking credit' at checkout: how much applies to this order, by kind of credit. */
export function CreditOption({
  cart,
  payments,
  isPending,
  onApply,
}: {
  cart: Cart;
  payments: OfflinePayment[];
  isPending: boolean;
  onApply: (amount: number) => void;
}) {
  const available = applicableCredit(cart);
  const applied = creditAmount(payments);
  if (available <= 0 && applied <= 0) return null;
  const { membership, general } = cart.credits;
  return (
    <section className="card checkout-section" aria-labelledby="credit-heading">
      <h2 id="credit-heading">Booking credit</h2>
      <CheckboxField
        label="Use my booking credit"
        checked={applied > 0}
        disabled={isPending}
        aria-describedby="credit-amount"
        onChange={(event) => onApply(event.target.checked ? available : 0)}
      />
      <p id="credit-amount" className="muted">
        {applied > 0
          ? `${formatMoney(applied)} of your credit is applied to this order.`
          : `You can use ${formatMoney(available)} of your credit for this order.`}
      </p>
      <ul className="credit-kinds muted">
        {membership.totalAvailable.raw > 0 && <li>{creditKindText('Membership credit', membership)}</li>}
        {general.totalAvailable.raw > 0 && <li>{creditKindText('General credit', general)}</li>}
      </ul>
    </section>
  );
}
