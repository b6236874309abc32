import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { DIRECT_DEBIT_TEXTS } from '@fieldhouse/contract/texts/direct-debit';
import { useQuery } from '@tanstack/react-query';
import { formatLongDate } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { DetailsList, type DetailsRow } from '../../../ui/details-list';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { Spinner } from '../../../ui/spinner';
import { type AccountMandate, directDebitQueryOptions } from '../api/get-direct-debit';

const toneOf = (status: AccountMandate['status']) =>
  status === 'active' ? 'success' : status === 'pending_submission' ? 'neutral' : 'danger';

function Mandate({ mandate }: { mandate: AccountMandate }) {
  const rows: DetailsRow[] = [
    ['Account holder', mandate.accountHolder],
    ['Sort code', mandate.sortCode],
    ['Reference', mandate.reference],
  ];
  if (mandate.cancelledAt) rows.push(['Cancelled on', formatLongDate(mandate.cancelledAt)]);
  return (
    <li className="direct-debit" data-testid="direct-debit">
      <div className="direct-debit__head">
        <p className="direct-debit__name">Account ending {mandate.accountNumberEnding}</p>
        <Badge tone={toneOf(mandate.status)}>{mandate.statusLabel}</Badge>
      </div>
      {mandate.notice && (
        <div role="note">
          <Notice tone="warning">
            <p>{mandate.notice}</p>
          </Notice>
        </div>
      )}
      <DetailsList rows={rows} variant={['compact']} />
    </li>
  );
}

/**
 * Direct debit (payments page): the member's instructions, newest first, each with its status; one cancelled at the
 * bank or that could not be set up says what that means for their monthly payments (decision 037).
 */
export function DirectDebit() {
  const mandates = useQuery(directDebitQueryOptions);
  let content: React.ReactNode;
  if (mandates.isPending) content = <Spinner label="Loading your direct debit" />;
  else if (mandates.isError)
    content = <LoadError text={PAYMENTS_TEXTS.somethingWrong} onRetry={() => mandates.refetch()} />;
  else if (mandates.data.mandates.length === 0)
    content = <p className="muted">{DIRECT_DEBIT_TEXTS.noInstruction}</p>;
  else
    content = (
      <ul className="direct-debits">
        {mandates.data.mandates.map((mandate) => (
          <Mandate key={mandate.reference} mandate={mandate} />
        ))}
      </ul>
    );
  return (
    <section className="card payments-section" aria-labelledby="direct-debit-heading">
      <h2 id="direct-debit-heading">Direct debit</h2>
      {content}
    </section>
  );
}
