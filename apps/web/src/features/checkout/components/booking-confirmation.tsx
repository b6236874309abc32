import { useQuery } from '@tanstack/react-query';
import { type Order, orderQueryOptions } from '../../../api/get-order';
import { formatMoney } from '../../../lib/format';
import { orderItemRows } from '../../../lib/orders';
import { PageTitle } from '../../../lib/page-title';
import { Link } from '../../../lib/router';
import { SiteLink } from '../../../shell/site-link';
import { Button, buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { Totals } from '../../../ui/totals';
import { calendarHref } from '../api/get-order-calendar';
import '../checkout.css';
import { DetailsList } from '../../../ui/details-list';

const TENDER_LABELS: Record<Order['payments'][number]['tenderType'], string> = {
  card: 'Card',
  credit: 'Credit',
  cash: 'Cash',
  'offline-voucher': 'Offline voucher',
  cheque: 'Cheque',
};

function OrderItems({ order }: { order: Order }) {
  return (
    <ul className="order-lines">
      {order.items.map((item) => {
        const rows = orderItemRows(item);
        return (
          <li key={item.id} className="order-line">
            <div className="order-line__main">
              <h3 className="order-line__name">{item.name}</h3>
              <DetailsList rows={rows} variant={['compact']} />
            </div>
            <p className="cart-price">
              <span className="cart-price__amount">{formatMoney(item.price.raw)}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** /booking-confirmed/:orderId: what was booked, what was paid and how, and the next steps. */
export function BookingConfirmation({ orderId }: { orderId: number }) {
  const order = useQuery(orderQueryOptions(orderId));
  if (order.isPending) return <Spinner label="Loading your order" />;
  if (order.isError)
    return (
      <div className="stack" role="alert">
        <PageTitle title="Booking confirmed" />
        <h1>Booking confirmed</h1>
        <p>{order.error.message}</p>
        <Button variant="secondary" onClick={() => order.refetch()}>
          Try again
        </Button>
      </div>
    );
  const o = order.data;
  const hasBookings = o.items.some((item) => item.type === 'activity');
  const hasMembership = o.items.some((item) => item.type === 'membership');
  return (
    <section className="confirmation">
      <PageTitle title="Booking confirmed" />
      <div className="confirmation__header">
        <h1>Booking confirmed</h1>
        <p>
          Order number <strong data-testid="order-number">{o.id}</strong>
        </p>
      </div>

      <section className="card checkout-section" aria-labelledby="booked-heading">
        <h2 id="booked-heading">{hasBookings || !hasMembership ? 'What you booked' : 'Your order'}</h2>
        <OrderItems order={o} />
      </section>

      <section className="card checkout-section" aria-labelledby="paid-heading">
        <h2 id="paid-heading">Payment</h2>
        <Totals rows={[{ label: 'Total paid', value: formatMoney(o.total.raw), testId: 'order-total' }]} />
        <p className="muted">Paid by {o.paymentType}</p>
        {o.payments.length > 0 && (
          <ul className="confirmation__payments">
            {o.payments.map((p, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: payments have no id of their own.
              <li key={index}>
                {p.card ?? TENDER_LABELS[p.tenderType]}: {formatMoney(p.amount.raw)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="button-row">
        {hasBookings && (
          <a className={buttonClass('primary')} href={calendarHref(o.id)} download={`order-${o.id}.ics`}>
            Add to calendar
          </a>
        )}
        {hasMembership && (
          <SiteLink
            site="account"
            to="/memberships"
            className={buttonClass(hasBookings ? 'secondary' : 'primary')}
          >
            View my memberships
          </SiteLink>
        )}
        {(hasBookings || !hasMembership) && (
          <SiteLink site="account" to="/bookings/upcoming" className={buttonClass('secondary')}>
            View my bookings
          </SiteLink>
        )}
        <Link to="/redirect-to-selected-venue" className={buttonClass('text')}>
          Make another booking
        </Link>
      </div>
    </section>
  );
}
