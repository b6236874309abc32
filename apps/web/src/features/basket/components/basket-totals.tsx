import type { Cart } from '../../../api/get-cart';
import { formatMoney } from '../../../lib/format';
import { Totals } from '../../../ui/totals';

/** Basket cost, credit applied and total to pay. */
export function BasketTotals({ cart }: { cart: Cart }) {
  const { totals } = cart;
  return (
    <Totals
      rows={[
        { label: 'Basket cost', value: formatMoney(totals.basketCost.raw) },
        { label: 'Credit applied', value: formatMoney(totals.creditApplied.raw) },
        { label: 'Total to pay', value: formatMoney(totals.totalToPay.raw), testId: 'basket-total' },
      ]}
    />
  );
}
