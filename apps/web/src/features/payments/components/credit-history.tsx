import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { ModalDialog } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { creditTransactionsQueryOptions } from '../api/get-credit-transactions';
import type { CreditTransaction, CreditType } from '../api/types';

const TYPES: { type: CreditType; label: string }[] = [
  { type: 'added', label: 'Credit added' },
  { type: 'spent', label: 'Credit spent' },
];

/** 'Credit added' / 'Credit spent': links, the current one marked with aria-current. */
export function CreditToggle({ current }: { current: CreditType }) {
  return (
    <nav className="toggle-links" aria-label="Credit history">
      <ul>
        {TYPES.map(({ type, label }) => (
          <li key={type}>
            <Link to={`/payments/credit/${type}`} aria-current={type === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const dateOrDash = (instant: string | null) => (instant ? formatDate(instant) : '-');

/** Added credit: value, date added, date expires, reason, related item (if any). Spent: value, date spent, description, location (if any). */
function CreditDetailsModal({
  credit,
  type,
  onClose,
}: {
  credit: CreditTransaction;
  type: CreditType;
  onClose: () => void;
}) {
  const rows: [string, string | null][] =
    type === 'added'
      ? [
          ['Value', credit.value.formatted],
          ['Date added', credit.addedAt ? formatDateTime(credit.addedAt) : '-'],
          ['Date expires', credit.expiresAt ? formatDateTime(credit.expiresAt) : '-'],
          ['Reason', credit.reason ?? '-'],
          ['Related item', credit.relatedItem],
        ]
      : [
          ['Value', credit.value.formatted],
          ['Date spent', credit.spentAt ? formatDateTime(credit.spentAt) : '-'],
          ['Description', credit.description ?? '-'],
          ['Location', credit.spentAtLocation],
        ];
  return (
    <ModalDialog title="Credit details" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="stack">
        {type === 'added' && credit.expired && <Badge tone="danger">Expired</Badge>}
        <dl className="details-list details-list--rows details-list--wide">
          {rows
            .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
            .map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  );
}

/** The credit added or spent: table (Added/Spent, Value, Expires, View detail), total, details modal. */
export function CreditHistory({ type }: { type: CreditType }) {
  const history = useQuery(creditTransactionsQueryOptions(type));
  const [selected, setSelected] = useState<CreditTransaction | null>(null);
  const dateLabel = type === 'added' ? 'Added' : 'Spent';

  if (history.isPending) return <Spinner label="Loading your credit history" />;
  if (history.isError) return <LoadError text={history.error.message} onRetry={() => history.refetch()} />;
  const { transactions, total } = history.data;
  if (transactions.length === 0)
    return (
      <p className="payments-empty">
        {type === 'added' ? PAYMENTS_TEXTS.noCredits : PAYMENTS_TEXTS.noSpentCredits}
      </p>
    );
  return (
    <>
      <div className="table-wrap">
        <table className="data-table" aria-label={type === 'added' ? 'Credit added' : 'Credit spent'}>
          <thead>
            <tr>
              <th scope="col">{dateLabel}</th>
              <th scope="col">Value</th>
              <th scope="col">Expires</th>
              <th scope="col">View detail</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((credit) => (
              <tr key={credit.id}>
                <td>{dateOrDash(type === 'added' ? credit.addedAt : credit.spentAt)}</td>
                <td className="data-table__money">{credit.value.formatted}</td>
                <td>
                  {dateOrDash(credit.expiresAt)}
                  {type === 'added' && credit.expired && (
                    <>
                      {' '}
                      <Badge tone="danger">Expired</Badge>
                    </>
                  )}
                </td>
                <td className="data-table__action">
                  <Button variant="text" onClick={() => setSelected(credit)}>
                    View detail
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{type === 'added' ? 'Total added' : 'Total spent'}</th>
              <td className="data-table__money" data-testid="credit-total">
                {total.formatted}
              </td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
      {selected && <CreditDetailsModal credit={selected} type={type} onClose={() => setSelected(null)} />}
    </>
  );
}
