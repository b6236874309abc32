import type { Cart } from '../../../api/get-cart';
import { CartItemDetails, CartItemPrice } from '../../../ui/cart-item-summary';

/** The basket's lines at checkout, with the benefit or package each one uses and any problem it has. */
export function OrderSummary({ cart }: { cart: Cart }) {
  return (
    <ul className="order-lines">
      {cart.items.map((item) => (
        <li key={item.id} className="order-line">
          <div className="order-line__main">
            <h3 className="order-line__name">{item.name}</h3>
            <CartItemDetails item={item} />
            {item.price.benefitApplied && (
              <p className="order-line__usage">
                Membership benefit applied{item.price.benefitName ? `: ${item.price.benefitName}` : ''}
              </p>
            )}
            {item.price.packageApplied && (
              <p className="order-line__usage">
                Package applied{item.price.packageName ? `: ${item.price.packageName}` : ''}
              </p>
            )}
            {item.problem && <p className="order-line__problem">{item.problem}</p>}
          </div>
          <CartItemPrice item={item} />
        </li>
      ))}
    </ul>
  );
}
