import { Link } from 'react-router';
import type { Cart } from '../../lib/cart';
import { Button, buttonClass } from '../../ui/button';
import { useClearCart } from './api';
import { BasketItem } from './basket-item';
import { BasketTotals } from './basket-totals';
import './basket.css';

/** The basket's items, totals, 'Clear basket' and 'Checkout'. */
export function BasketView({ cart }: { cart: Cart }) {
  const clear = useClearCart();
  return (
    <div className="basket-layout">
      <ul className="basket-items" aria-label="Items in your basket">
        {cart.items.map((item) => (
          <BasketItem key={item.id} item={item} />
        ))}
      </ul>
      <aside className="card basket-summary" aria-label="Basket summary">
        <h2>Summary</h2>
        <BasketTotals cart={cart} />
        <Link className={buttonClass('primary', 'basket-summary__checkout')} to="/basket/checkout">
          Checkout
        </Link>
        <Button variant="text" isPending={clear.isPending} onClick={() => clear.mutate()}>
          Clear basket
        </Button>
      </aside>
    </div>
  );
}
