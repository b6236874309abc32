import { useId, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { Pagination } from '../../../ui/pagination';
import { usePendingRefunds } from '../api/get-pending-refunds';

/**
 * Card refunds still owed (decision 064): shown only while there are any, each with its member, amount, reason,
 * attempts and the provider's last error, 20 a page oldest first. They are retried by themselves; this is for staff to
 * know and tell.
 */
export function PendingRefunds() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const pending = usePendingRefunds(page);
  const refunds = pending.data?.refunds ?? [];
  const pagination = pending.data?.pagination;
  if (!pagination?.totalRecords) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Card refunds still pending ({pagination.totalRecords})
      </h2>
      <p className="muted">Tried again by themselves until the card provider makes them.</p>
      <ul>
        {refunds.map((r) => (
          <li key={r.id}>
            {formatMoney(r.amount.raw)} to {r.customerName} (order {r.orderId}): {r.reason}{' '}
            <span className="muted">
              {r.attempts === 0
                ? 'not tried yet'
                : `tried ${r.attempts === 1 ? 'once' : `${r.attempts} times`}${r.lastError ? `, last: ${r.lastError}` : ''}`}
            </span>
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 && (
        <Pagination
          label="Pending card refunds pages"
          pagination={pagination}
          isBusy={pending.isPlaceholderData}
          onPageChange={(next) => {
            setPage(next);
            document.getElementById(headingId)?.focus();
          }}
        />
      )}
    </section>
  );
}
