import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useQuery } from '@tanstack/react-query';
import { type Order, type OrderItem, orderQueryOptions } from '../../../api/get-order';
import { serverMessageOr } from '../../../lib/api/client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { orderItemRows } from '../../../lib/orders';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { DetailsList } from '../../../ui/details-list';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useDownloadReceipt } from '../api/download-receipt';

const TENDER_LABELS: Record<Order['payments'][number]['tenderType'], string> = {
  card: 'Card',
  credit: 'Credit',
  cash: 'Cash',
  'offline-voucher': 'Offline voucher',
  cheque: 'Cheque',
};

const ITEM_KINDS: Record<OrderItem['type'], string> = {
  activity: 'Activity',
  membership: 'Membership',
  penalty: 'Fee',
  other: 'Item',
};

function ItemCard({ item }: { item: OrderItem }) {
  const rows = orderItemRows(item);
  return (
    <li className={`order-item order-item--${item.type}`}>
      <div className="order-item__main">
        <p className="order-item__kind">{ITEM_KINDS[item.type]}</p>
        <h3 className="order-item__name">{item.name}</h3>
        {rows.length > 0 && <DetailsList rows={rows} variant={['compact']} />}
      </div>
      <p className="order-item__price">
        <span className="visually-hidden">Price </span>
        {formatMoney(item.price.raw)}
      </p>
    </li>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const receipt = useDownloadReceipt();
  const rows: [string, string, string][] = [
    ['Order ID', String(order.id), 'order-id'],
    ['Total', formatMoney(order.total.raw), 'order-total'],
    ['Payment type', order.paymentType, 'order-payment-type'],
    ['Created', formatDateTime(order.createdAt), 'order-created'],
  ];
  return (
    <section className="card payments-section" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className="visually-hidden">
        Summary
      </h2>
      <dl className="details-list order-summary">
        {rows.map(([term, value, testId]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {order.payments.length > 0 && (
        <ul className="order-payments" aria-label="Payments">
          {order.payments.map((payment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: payments have no id of their own.
            <li key={index}>
              {payment.card ?? TENDER_LABELS[payment.tenderType]}: {formatMoney(payment.amount.raw)}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="secondary"
          isPending={receipt.isPending}
          onClick={() =>
            receipt.mutate(order.uuid, {
              onError: (error) =>
                toast.error(serverMessageOr(error, PAYMENTS_TEXTS.somethingWrong), {
                  duration: TOAST_DURATION.default,
                }),
            })
          }
        >
          Download receipt
        </Button>
      </div>
    </section>
  );
}

const REFUND_DESTINATIONS: Record<Order['refunds'][number]['destination'], string> = {
  card: 'to your card',
  credit: 'to your account credit',
  cash: 'in cash at the desk',
};

/** Refunds given on the order (decision 074): amount, where it went, when, why, and each credit note to download. */
function OrderRefunds({ order }: { order: Order }) {
  const creditNote = useDownloadCreditNote();
  if (order.refunds.length === 0) return null;
  return (
    <section className="payments-section" aria-labelledby="order-refunds-heading">
      <h2 id="order-refunds-heading">Refunds</h2>
      <ul className="order-refunds">
        {order.refunds.map((refund) => (
          <li key={`${refund.creditNote ?? 'refund'}-${refund.id}`} className="card order-refund">
            <p>
              <strong>
                {formatMoney(refund.amount.raw)} refunded {REFUND_DESTINATIONS[refund.destination]}
              </strong>
              {refund.status === 'pending' && ' (on its way: it can take 5–10 working days to show)'}
            </p>
            <p className="muted">
              {refund.createdAt}
              {refund.creditNote && (
                <>
                  {' · Credit note '}
                  <span className="order-refund__number">{refund.creditNote}</span>
                </>
              )}
            </p>
            <p>{refund.reason}</p>
            {refund.creditNoteId !== null && (
              <Button
                variant="secondary"
                isPending={creditNote.isPending && creditNote.variables?.creditNoteId === refund.creditNoteId}
                onClick={() =>
                  creditNote.mutate(
                    { orderUuid: order.uuid, creditNoteId: refund.creditNoteId! },
                    {
                      onError: (error) =>
                        toast.error(serverMessageOr(error, PAYMENTS_TEXTS.somethingWrong), {
                          duration: TOAST_DURATION.default,
                        }),
                    },
                  )
                }
              >
                Download credit note<span className="visually-hidden"> {refund.creditNote}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One order: id, total, payment type, created date, 'Download receipt', then a card per item and any refunds. */
export function OrderDetail({ orderId }: { orderId: number }) {
  const order = useQuery({
    ...orderQueryOptions(orderId),
    enabled: Number.isInteger(orderId) && orderId > 0,
  });
  if (!Number.isInteger(orderId) || orderId <= 0) return <p role="alert">{PAYMENTS_TEXTS.orderFailed}</p>;
  if (order.isPending) return <Spinner label="Loading your order" />;
  if (order.isError) return <LoadError text={PAYMENTS_TEXTS.orderFailed} onRetry={() => order.refetch()} />;
  return (
    <>
      <OrderSummary order={order.data} />
      <section className="payments-section" aria-labelledby="order-items-heading">
        <h2 id="order-items-heading">Items</h2>
        <ul className="order-items">
          {order.data.items.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </ul>
      </section>
      <OrderRefunds order={order.data} />
    </>
  );
}
