import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useSiteHref } from '../../../shell/site-link';
import { Button } from '../../../ui/button';
import { DetailsList } from '../../../ui/details-list';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { Spinner } from '../../../ui/spinner';
import { penaltiesQueryOptions } from '../api/get-penalties';
import type { Penalty } from '../api/types';
import { useFeeSelection } from '../hooks/use-fee-selection';

/** What a fee was for, in one line (also the checkbox's accessible name after 'Select '). */
export function feeName(fee: Penalty): string {
  return fee.booking
    ? `${fee.description}, ${fee.booking.description}, ${fee.booking.date} ${fee.booking.time}`
    : `${fee.description}, ${fee.venue.name}, ${formatLongDate(fee.createdAt)}`;
}

function FeeRow({
  fee,
  isChecked,
  isDisabled,
  onToggle,
}: {
  fee: Penalty;
  isChecked: boolean;
  isDisabled: boolean;
  onToggle: (isChecked: boolean) => void;
}) {
  const id = useId();
  const rows = [
    ['Venue', fee.booking?.venue ?? fee.venue.name],
    ['Booking', fee.booking?.description],
    // A fee without a booking is dated by when it was charged.
    ['Date', fee.booking ? fee.booking.date : formatLongDate(fee.createdAt)],
    ['Time', fee.booking?.time],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <li className={`fee${isChecked ? ' fee--selected' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="fee__check"
        checked={isChecked}
        disabled={isDisabled}
        aria-label={`Select ${feeName(fee)}`}
        aria-describedby={`${id}-amount`}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <div className="fee__main">
        <label htmlFor={id} className="fee__title">
          {fee.description}
        </label>
        <DetailsList rows={rows} variant={['compact']} />
      </div>
      <p className="fee__amount" id={`${id}-amount`}>
        {fee.feeAmount.formatted}
      </p>
    </li>
  );
}

function FeeList({ fees }: { fees: Penalty[] }) {
  const selection = useFeeSelection(fees);
  const siteHref = useSiteHref();
  const count = selection.selected.size;
  return (
    <>
      <Notice tone="danger">
        <p>{PAYMENTS_TEXTS.unpaidFees}</p>
      </Notice>
      {selection.isCartError && <p role="alert">{BASKET_TEXTS.loadFailed}</p>}
      <div className="fees__controls">
        <div className="field field--checkbox">
          <input
            id="fees-select-all"
            type="checkbox"
            checked={selection.isAllSelected}
            disabled={!selection.isCartLoaded}
            onChange={(event) => (event.target.checked ? selection.selectAll() : selection.clearAll())}
          />
          <label htmlFor="fees-select-all">Select all</label>
        </div>
        {/* aria-disabled, not disabled: the button keeps focus after clearing the last fee. */}
        <Button
          variant="text"
          aria-disabled={!selection.isCartLoaded || count === 0}
          onClick={() => selection.clearAll()}
        >
          Clear all
        </Button>
      </div>
      <ul className="fees" aria-busy={selection.isBusy || undefined}>
        {fees.map((fee) => (
          <FeeRow
            key={fee.id}
            fee={fee}
            isChecked={selection.selected.has(fee.id)}
            isDisabled={!selection.isCartLoaded}
            onToggle={(isChecked) => selection.toggle(fee.id, isChecked)}
          />
        ))}
      </ul>
      <div className="fees__pay">
        <p className="fees__selected" aria-live="polite">
          {count === 0
            ? 'No fees selected'
            : `${count} ${count === 1 ? 'fee' : 'fees'} selected: ${formatMoney(selection.selectedTotal)}`}
        </p>
        <Button
          disabled={count === 0 || !selection.isReady}
          isPending={selection.isBusy}
          onClick={() => window.location.assign(siteHref('bookings', '/basket/checkout', true))}
        >
          {PAYMENTS_TEXTS.payFees}
        </Button>
      </div>
    </>
  );
}

/** Unpaid fees: one checkbox each (in the basket = selected), select all / clear all, 'Pay selected fees'. */
export function UnpaidFees() {
  const penalties = useQuery(penaltiesQueryOptions);
  let content: React.ReactNode;
  if (penalties.isPending) content = <Spinner label="Loading your fees" />;
  else if (penalties.isError)
    content = <LoadError text={PAYMENTS_TEXTS.penaltiesFailed} onRetry={() => penalties.refetch()} />;
  else if (penalties.data.length === 0) content = <p className="muted">You have no unpaid fees.</p>;
  else content = <FeeList fees={penalties.data} />;
  return (
    <section className="card payments-section" aria-labelledby="fees-heading">
      <h2 id="fees-heading">Unpaid fees</h2>
      {content}
    </section>
  );
}
