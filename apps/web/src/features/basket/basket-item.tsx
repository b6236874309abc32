import { useId } from 'react';
import type { CartItem } from '../../lib/cart';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { CartItemDetails, CartItemPrice } from '../../ui/cart-item-summary';
import { Spinner } from '../../ui/spinner';
import { useRemoveCartItem, useRemoveUsage } from './api';

function UsageApplied({ item, kind }: { item: CartItem; kind: 'benefit' | 'package' }) {
  const remove = useRemoveUsage(kind);
  const name = kind === 'benefit' ? item.price.benefitName : item.price.packageName;
  return (
    <p className="basket-item__usage">
      <span>
        {kind === 'benefit' ? 'Membership benefit applied' : 'Package applied'}
        {name ? `: ${name}` : ''}
      </span>{' '}
      <Button variant="text" isPending={remove.isPending} onClick={() => remove.mutate(item.id)}>
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
            <CartItemDetails item={item} />
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
              aria-describedby={headingId}
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
