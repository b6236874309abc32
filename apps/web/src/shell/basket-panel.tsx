import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from '../api/get-cart';
import { formatMoney } from '../lib/format';
import { buttonClass } from '../ui/button';
import { SiteLink } from './site-link';

/** Account pages: a small basket summary on the right (lazy chunk; the cart query is shared with the header). */
export default function BasketPanel() {
  const cart = useQuery(cartQueryOptions);
  const count = cart.data?.totals.itemCount ?? 0;
  return (
    <aside className="card basket-panel" aria-labelledby="basket-panel-heading">
      <h2 id="basket-panel-heading">Your basket</h2>
      {cart.isError ? (
        <p>{BASKET_TEXTS.loadFailed}</p>
      ) : (
        <dl className="totals">
          <div>
            <dt>Items</dt>
            <dd>{count}</dd>
          </div>
          <div className="totals__grand">
            <dt>Total</dt>
            <dd>{formatMoney(cart.data?.totals.totalToPay.raw ?? 0)}</dd>
          </div>
        </dl>
      )}
      <SiteLink site="bookings" to="/basket" className={buttonClass('secondary')}>
        Go to basket
      </SiteLink>
    </aside>
  );
}
