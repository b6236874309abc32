import type { CartItem } from '../api/get-cart';
import { formatMoney } from '../lib/format';
import { DetailsList } from './details-list';

/** Price of a basket line: the original struck through when a benefit or package reduced it. */
export function CartItemPrice({ item }: { item: CartItem }) {
  const { price } = item;
  const isReduced = (price.benefitApplied || price.packageApplied) && price.original.raw !== price.raw;
  return (
    <p className="cart-price">
      {isReduced && (
        <s className="cart-price__original">
          <span className="visually-hidden">Original price </span>
          {formatMoney(price.original.raw)}
        </s>
      )}
      <span className="cart-price__amount">
        {isReduced && <span className="visually-hidden">Now </span>}
        {formatMoney(price.raw)}
      </span>
    </p>
  );
}

/** Where and when of a basket line: venue, date, 24-hour times, location (those it has). */
export function CartItemDetails({ item }: { item: CartItem }) {
  const resource = item.cartableResource;
  const rows = [
    ['Venue', resource.venueName],
    ['Date', resource.date?.fullDatePretty],
    [
      'Time',
      resource.startsAt && resource.endsAt
        ? `${resource.startsAt.format24Hour} - ${resource.endsAt.format24Hour}`
        : null,
    ],
    ['Location', resource.location?.name],
    ['Places', item.quantity > 1 ? String(item.quantity) : null],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  if (rows.length === 0) return null;
  return <DetailsList rows={rows} variant={['compact']} />;
}
