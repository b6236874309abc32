import type { FreezePreview } from '../api/get-freeze-preview';

type UpcomingPayment = FreezePreview['nextPayments'][number];

/** Money consequences: the next payments with their dates and amounts. */
export function PaymentList({ title, payments }: { title: string; payments: UpcomingPayment[] }) {
  return (
    <section className="stack" aria-label={title}>
      <h3 className="h4">{title}</h3>
      {payments.length === 0 ? (
        <p>No further payments.</p>
      ) : (
        <ul className="payment-list">
          {payments.map((payment) => (
            <li key={`${payment.date}-${payment.description}`}>
              <span>
                {payment.datePretty} – {payment.description}
              </span>
              <strong>{payment.amount.formatted}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
