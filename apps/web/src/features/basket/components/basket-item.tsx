import { useId } from 'react';
import type { CartItem } from '../../../api/get-cart';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { CartItemDetails, CartItemPrice } from '../../../ui/cart-item-summary';
import { Spinner } from '../../../ui/spinner';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useRemoveUsage } from '../api/remove-usage';
import { useUpdateCartItem } from '../api/update-cart-item';

/** Places on a line that takes several (court hire for several players, tickets): PUT cart/:id. */
function QuantityStepper({ item }: { item: CartItem }) {
  const update = useUpdateCartItem();
  const legendId = useId();
  const setQuantity = (quantity: number) => update.mutate({ cartItemId: item.id, quantity });
  return (
    <fieldset className="quantity-stepper" aria-busy={update.isPending || undefined}>
      <legend id={legendId} className="quantity-stepper__legend">
        Places
      </legend>
      <Button
        variant="secondary"
        className="quantity-stepper__button"
        aria-label={`One place fewer for ${item.name}`}
        disabled={item.quantity <= 1 || update.isPending}
        onClick={() => setQuantity(item.quantity - 1)}
      >
        <span aria-hidden="true">−</span>
      </Button>
      <output className="quantity-stepper__value" aria-live="polite" aria-labelledby={legendId}>
        {item.quantity}
      </output>
      <Button
        variant="secondary"
        className="quantity-stepper__button"
        aria-label={`One place more for ${item.name}`}
        disabled={item.quantity >= item.maxQuantity || update.isPending}
        onClick={() => setQuantity(item.quantity + 1)}
      >
        <span aria-hidden="true">+</span>
      </Button>
      <span className="quantity-stepper__hint">Up to {item.maxQuantity}</span>
    </fieldset>
  );
}

function UsageApplied({ item, kind }: { item: CartItem; kind: 'benefit' | 'package' }) {
  const remove = useRemoveUsage(kind);
  const name = kind === 'benefit' ? item.price.benefitName : item.price.packageName;
  return (
    <p className="basket-item__usage">
      <span>
        {kind === 'benefit' ? 'Membership benefit applied' : 'Package applied'}
        {name ? `: ${name}` : ''}
      </span>{' '}
      <Button
        variant="text"
        aria-label={`${kind === 'benefit' ? 'Remove benefit' : 'Remove package'}: ${item.name}`}
        isPending={remove.isPending}
        onClick={() => remove.mutate(item.id)}
      >
        {kind === 'benefit' ? 'Remove benefit' : 'Remove package'}
      </Button>
    </p>
  );
}

/** One basket line with its Remove action; a loading overlay covers it while it is being removed. */
export function BasketItem({ item }: { item: CartItem }) {
  const headingId = useId();
  const remove = useRemoveCartItem();
  const isRemoving = remove.isPending;
  return (
    <li className="basket-item">
      <article aria-labelledby={headingId} aria-busy={isRemoving || undefined}>
        <div className="basket-item__body">
          <div className="basket-item__main">
            <h3 className="basket-item__name" id={headingId}>
              {item.name}
            </h3>
            {item.maxQuantity > 1 ? (
              <>
                <CartItemDetails item={{ ...item, quantity: 1 }} />
                <QuantityStepper item={item} />
              </>
            ) : (
              <CartItemDetails item={item} />
            )}
            {item.childItems.length > 0 && (
              <ul className="basket-item__children">
                {item.childItems.map((child) => (
                  <li key={child.name}>
                    {child.name} <span>{formatMoney(child.price.raw)}</span>
                  </li>
                ))}
              </ul>
            )}
            {item.price.benefitApplied && <UsageApplied item={item} kind="benefit" />}
            {item.price.packageApplied && <UsageApplied item={item} kind="package" />}
            {item.problem && <p className="basket-item__problem">{item.problem}</p>}
          </div>
          <div className="basket-item__side">
            <CartItemPrice item={item} />
            <Button
              variant="secondary"
              aria-label={`Remove: ${item.name}`}
              disabled={isRemoving}
              onClick={() => remove.mutate(item.id)}
            >
              Remove
            </Button>
          </div>
        </div>
        {isRemoving && (
          <div className="basket-item__overlay">
            <Spinner label={`Removing ${item.name}`} />
          </div>
        )}
      </article>
    </li>
  );
}
