import { useEffect, useId, useRef, useState } from 'react';
import type { Cart } from '../../../api/get-cart';
import { Link } from '../../../lib/router';
import { Button, buttonClass } from '../../../ui/button';
import { useClearCart } from '../api/clear-cart';
import { BasketItem } from './basket-item';
import { BasketTotals } from './basket-totals';
import '../basket.css';

/**
 * 'Clear basket' asks first: the question takes focus, 'Yes, clear basket' discards the basket (DELETE cart),
 * 'Keep items' puts focus back on 'Clear basket'.
 */
function ClearBasket({ itemCount }: { itemCount: number }) {
  const clear = useClearCart();
  const [isConfirming, setIsConfirming] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => {
    if (isConfirming) questionRef.current?.focus();
  }, [isConfirming]);
  if (!isConfirming)
    return (
      <Button ref={clearRef} variant="text" onClick={() => setIsConfirming(true)}>
        Clear basket
      </Button>
    );
  return (
    <section className="basket-clear" aria-labelledby={questionId}>
      <p id={questionId} ref={questionRef} tabIndex={-1} className="basket-clear__question">
        Remove {itemCount === 1 ? 'the item' : `all ${itemCount} items`} from your basket?
      </p>
      <div className="button-row">
        <Button variant="secondary" isPending={clear.isPending} onClick={() => clear.mutate()}>
          Yes, clear basket
        </Button>
        <Button
          variant="text"
          disabled={clear.isPending}
          onClick={() => {
            setIsConfirming(false);
            requestAnimationFrame(() => clearRef.current?.focus());
          }}
        >
          Keep items
        </Button>
      </div>
    </section>
  );
}

/** The basket's items, totals, 'Clear basket' and 'Checkout'. */
export function BasketView({ cart }: { cart: Cart }) {
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
        <ClearBasket itemCount={cart.items.length} />
      </aside>
    </div>
  );
}
