import { CASH_UP_TENDER_NAMES, CASH_UP_TENDERS } from '@fieldhouse/contract/cash-up';
import type { TillSessionView } from '../api/cash-up';

type Figures = NonNullable<TillSessionView['expected']>;

const varianceClass = (raw: number) =>
  raw === 0 ? 'cash-up-variance' : `cash-up-variance cash-up-variance--${raw < 0 ? 'short' : 'over'}`;

/** A till session's expected, counted and variance by tender, with the variance after adjustments when any. */
export function SessionFigures({ session, caption }: { session: TillSessionView; caption: string }) {
  const rows = CASH_UP_TENDERS.map((tender) => ({
    tender,
    name: CASH_UP_TENDER_NAMES[tender],
    pick: (f: Figures | null) => f?.[tender === 'offline-voucher' ? 'voucher' : tender] ?? null,
  }));
  const hasAdjustments = session.adjustments.length > 0;
  return (
    <div className="cash-up-table-wrap">
      <table className="cash-up-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tender</th>
            <th scope="col">Expected</th>
            <th scope="col">Counted</th>
            <th scope="col">Variance</th>
            {hasAdjustments && <th scope="col">After adjustments</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const variance = row.pick(session.variance);
            const adjusted = row.pick(session.adjustedVariance);
            return (
              <tr key={row.tender}>
                <th scope="row">{row.name}</th>
                <td>{row.pick(session.expected)?.formatted}</td>
                <td>{row.pick(session.counted)?.formatted ?? '–'}</td>
                <td className={variance ? varianceClass(variance.raw) : undefined}>
                  {variance?.formatted ?? '–'}
                </td>
                {hasAdjustments && (
                  <td className={adjusted ? varianceClass(adjusted.raw) : undefined}>
                    {adjusted?.formatted ?? '–'}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted cash-up-small">
        Float {session.float.formatted} · cash taken {session.taken.cash.formatted} · cash refunded{' '}
        {session.refundedCash.formatted}
        {session.chequeCount !== null &&
          ` · ${session.chequeCount} cheque${session.chequeCount === 1 ? '' : 's'}`}
        {session.voucherCount !== null &&
          ` · ${session.voucherCount} voucher${session.voucherCount === 1 ? '' : 's'}`}
      </p>
      {session.note && <p className="cash-up-small">Note: {session.note}</p>}
      {hasAdjustments && (
        <ul className="cash-up-adjustments" aria-label={`Adjustments to ${session.tillName}`}>
          {session.adjustments.map((a) => (
            <li key={a.id}>
              {CASH_UP_TENDER_NAMES[a.tender]} {a.amount.raw > 0 ? '+' : ''}
              {a.amount.formatted}: {a.reason} ({a.staffName}, {a.createdAt})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
