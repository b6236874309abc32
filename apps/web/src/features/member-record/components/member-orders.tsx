import {
  REFUND_DESTINATION_NAMES,
  type RefundDestination,
  type StaffOrder as WireStaffOrder,
} from '@fieldhouse/contract/refunds';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type Camel, isApiError, serverMessageOr } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { ModalDialog } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { TextAreaField } from '../../../ui/text-area-field';
import { TextField } from '../../../ui/text-field';
import { useMemberOrders } from '../api/get-member-orders';
import { useRefundOrder } from '../api/refund-order';
import { newIdempotencyKey, poundsText, refundLines } from '../rules/refund-amounts';

type StaffOrder = Camel<WireStaffOrder>;

/**
 * 'Orders and refunds' on a customer's page (issue 35 item 4, decision 074): their latest orders, each line with
 * what was paid and refunded, the refunds given (credit note, where the money went, why, who), and 'Refund…' for
 * staff whose role may refund. Staff of other venues see why it is not shown (the server answers 404 to them).
 */
export function MemberOrders({
  customerId,
  whenNotShown,
}: {
  customerId: number;
  /** Shown in place of the list to staff the server does not show it to (not at the customer's home venue). */
  whenNotShown?: ReactNode;
}) {
  const orders = useMemberOrders(customerId);
  const headingId = useId();
  const [refunding, setRefunding] = useState<StaffOrder | null>(null);
  if (whenNotShown && orders.isError && isApiError(orders.error) && orders.error.status === 404)
    return whenNotShown;
  return (
    <section className="card member-orders" aria-labelledby={headingId}>
      <h2 id={headingId}>Orders and refunds</h2>
      {orders.isPending ? (
        <Spinner label="Loading the orders" />
      ) : orders.isError ? (
        isApiError(orders.error) && orders.error.status === 404 ? (
          <p className="muted">Only staff at this customer’s home venue can see their orders.</p>
        ) : (
          <LoadError text={orders.error.message} onRetry={() => void orders.refetch()} />
        )
      ) : orders.data.orders.length === 0 ? (
        <p className="muted">No orders yet.</p>
      ) : (
        <ul className="member-orders__list">
          {orders.data.orders.map((order) => (
            <OrderEntry
              key={order.id}
              order={order}
              mayRefund={orders.data.mayRefundTo.length > 0 && order.lines.some((l) => l.refundable.raw > 0)}
              onRefund={() => setRefunding(order)}
            />
          ))}
        </ul>
      )}
      {refunding && orders.data && (
        <RefundDialog
          customerId={customerId}
          order={refunding}
          mayRefundTo={orders.data.mayRefundTo}
          cashLimit={orders.data.cashLimit?.raw ?? null}
          onClose={() => setRefunding(null)}
        />
      )}
    </section>
  );
}

function OrderEntry({
  order,
  mayRefund,
  onRefund,
}: {
  order: StaffOrder;
  mayRefund: boolean;
  onRefund: () => void;
}) {
  const headingId = useId();
  return (
    <li className="member-orders__order" aria-labelledby={headingId}>
      <div className="member-orders__head">
        <h3 id={headingId}>
          Order {order.id} <span className="muted">· {order.createdAt}</span>
        </h3>
        {mayRefund && (
          <Button type="button" variant="secondary" onClick={onRefund}>
            Refund…<span className="visually-hidden"> order {order.id}</span>
          </Button>
        )}
      </div>
      <p className="muted">
        {order.total.formatted} · {order.paymentType}
      </p>
      <div className="table-wrap">
        <table className="data-table" aria-label={`Lines of order ${order.id}`}>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Paid</th>
              <th scope="col">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.name}
                  {line.when && <span className="muted member-orders__when"> {line.when}</span>}
                  {line.bookingStatus === 'cancelled' && <span className="muted"> (booking cancelled)</span>}
                </td>
                <td className="data-table__money">{line.price.formatted}</td>
                <td className="data-table__money">{line.refunded.raw > 0 ? line.refunded.formatted : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {order.refunds.length > 0 && (
        <ul className="member-orders__refunds" aria-label={`Refunds on order ${order.id}`}>
          {order.refunds.map((r) => (
            <li key={`${r.number ?? 'session'}-${r.id}`}>
              <strong>
                {r.amount.formatted} to {REFUND_DESTINATION_NAMES[r.destination].toLowerCase()}
              </strong>
              {r.status === 'pending' && ' (waiting for the card provider)'} ·{' '}
              {r.number ?? 'Session cancelled'} · {r.createdAt}
              {r.staffName && ` · ${r.staffName}`}
              <br />
              <span className="muted">{r.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

type RefundForm = { amounts: Record<string, string>; destination: RefundDestination; reason: string };

function RefundDialog({
  customerId,
  order,
  mayRefundTo,
  cashLimit,
  onClose,
}: {
  customerId: number;
  order: StaffOrder;
  mayRefundTo: RefundDestination[];
  cashLimit: number | null;
  onClose: () => void;
}) {
  const refund = useRefundOrder(customerId);
  // One key for as long as the dialog is open: sending again after a lost reply is the same refund.
  const [key] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const lines = order.lines.filter((l) => l.refundable.raw > 0);
  const ways = mayRefundTo.filter((d) => order.refundableTo[d].raw > 0);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
    setError,
  } = useForm<RefundForm>({
    defaultValues: {
      amounts: Object.fromEntries(lines.map((l) => [String(l.id), poundsText(l.refundable.raw)])),
      destination: ways[0] ?? mayRefundTo[0],
      reason: '',
    },
  });
  const typed = watch('amounts');
  const chosen = refundLines(
    lines.map((l) => ({ id: l.id, name: l.name, refundable: l.refundable.raw })),
    typed,
  );
  const total = chosen.lines.reduce((n, l) => n + l.amount, 0);
  const submit = handleSubmit((values) => {
    setFormError(null);
    const picked = refundLines(
      lines.map((l) => ({ id: l.id, name: l.name, refundable: l.refundable.raw })),
      values.amounts,
    );
    if (picked.error) {
      setFormError(picked.error);
      return;
    }
    if (values.reason.trim().length < 3) {
      setError('reason', {
        message: 'Say why you are refunding (the member reads it on their credit note).',
      });
      return;
    }
    refund.mutate(
      {
        orderId: order.id,
        body: {
          idempotencyKey: key,
          destination: values.destination,
          reason: values.reason.trim(),
          lines: picked.lines,
        },
      },
      {
        onSuccess: ({ message, refund: made }) => {
          toast.success(`${message} Credit note ${made.number}.`, { duration: TOAST_DURATION.default });
          onClose();
        },
        onError: (error) => setFormError(serverMessageOr(error, 'The refund could not be made. Try again.')),
      },
    );
  });
  return (
    <ModalDialog title={`Refund order ${order.id}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">Enter how much of each line to give back. Leave a line at 0.00 to keep it.</p>
        {lines.map((line) => (
          <TextField
            key={line.id}
            label={`${line.name}: amount to refund (up to ${line.refundable.formatted})`}
            inputMode="decimal"
            autoComplete="off"
            {...register(`amounts.${line.id}` as const)}
          />
        ))}
        <fieldset className="member-orders__ways">
          <legend>Refund to</legend>
          {mayRefundTo.map((way) => (
            <label key={way} className="member-orders__way">
              <input
                type="radio"
                value={way}
                disabled={order.refundableTo[way].raw === 0}
                {...register('destination')}
              />{' '}
              {REFUND_DESTINATION_NAMES[way]}{' '}
              <span className="muted">(up to {order.refundableTo[way].formatted})</span>
            </label>
          ))}
          {cashLimit !== null && (
            <p className="field__hint">Front desk can refund cash up to £{poundsText(cashLimit)}.</p>
          )}
          {ways.length === 0 && (
            <p className="field__hint">
              Nothing on this order was paid in a way you can refund: ask a centre manager.
            </p>
          )}
        </fieldset>
        <TextAreaField label="Reason" rows={2} error={errors.reason?.message} {...register('reason')} />
        {formError && (
          <p className="notice notice--danger" role="alert">
            {formError}
          </p>
        )}
        <div className="button-row">
          <Button type="submit" isPending={refund.isPending} disabled={ways.length === 0}>
            {total > 0 ? `Refund £${poundsText(total)}` : 'Refund'}
          </Button>
          <Button type="button" variant="text" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
