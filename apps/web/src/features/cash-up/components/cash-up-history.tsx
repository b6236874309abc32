import { CASH_UP_TENDER_NAMES, CASH_UP_TENDERS, type CashUpTender } from '@fieldhouse/contract/cash-up';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api/errors';
import { calendarDateParts } from '../../../lib/format';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { Pagination } from '../../../ui/pagination';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import {
  type CashUpDayView,
  type TillSessionView,
  useAdjustTill,
  useCashUpDays,
  useCloseDay,
} from '../api/cash-up';
import { parsePounds } from '../rules/pounds';
import { MoneyField } from './money-field';
import { SessionFigures } from './session-figures';

const problemText = (error: Error) =>
  isApiError(error) ? (error.serverMessage ?? error.message) : error.message;
const dayName = (date: string) => {
  const p = calendarDateParts(date);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
};

/** The venue's cash-up by day: each till session with its figures and adjustments, 'No till', the day close. */
export function CashUpHistory({ venueId, mayManage }: { venueId: number; mayManage: boolean }) {
  const [page, setPage] = useState(1);
  const days = useCashUpDays(venueId, page);
  const headingId = useId();
  return (
    <section className="card cash-up-history" aria-labelledby={headingId}>
      <h2 id={headingId}>Cash-up by day</h2>
      {days.isPending ? (
        <Spinner />
      ) : days.error ? (
        <LoadError text={days.error.message} onRetry={() => void days.refetch()} />
      ) : days.data.days.length === 0 ? (
        <p className="muted">No till sessions or desk takings in the last 30 days.</p>
      ) : (
        <>
          {days.data.days.map((day) => (
            <CashUpDayPanel key={`${day.venueId}-${day.date}`} day={day} mayManage={mayManage} />
          ))}
          <Pagination
            label="Cash-up days"
            pagination={days.data.pagination}
            isBusy={days.isFetching}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}

function CashUpDayPanel({ day, mayManage }: { day: CashUpDayView; mayManage: boolean }) {
  const closeDay = useCloseDay();
  const [problem, setProblem] = useState<string | null>(null);
  const nt = day.noTill;
  return (
    <article className="cash-up-day">
      <h3>{dayName(day.date)}</h3>
      {day.closed ? (
        <p className="cash-up-closed">
          Day closed by {day.closed.by}, {day.closed.at}. Corrections are adjustments.
        </p>
      ) : (
        mayManage && (
          <div className="button-row">
            <Button
              variant="secondary"
              isPending={closeDay.isPending}
              onClick={() => {
                setProblem(null);
                closeDay.mutate(
                  { venueId: day.venueId, date: day.date },
                  {
                    onSuccess: (reply) => toast.success(reply.message, { duration: TOAST_DURATION.default }),
                    onError: (e) => setProblem(problemText(e)),
                  },
                );
              }}
            >
              Close the day
            </Button>
          </div>
        )
      )}
      {problem && <Notice tone="danger">{problem}</Notice>}
      {day.sessions.map((session) => (
        <div key={session.id} className="cash-up-session">
          <h4>
            {session.tillName}:{' '}
            {session.status === 'open' ? 'open' : `closed by ${session.closedBy}, ${session.closedAt}`}
          </h4>
          <SessionFigures session={session} caption={`${session.tillName}, ${dayName(day.date)}`} />
          {mayManage && session.status === 'closed' && <AdjustForm session={session} />}
        </div>
      ))}
      {(nt.orders > 0 || nt.refundedCash.raw > 0) && (
        <p className="cash-up-no-till">
          <strong>No till:</strong> cash {nt.taken.cash.formatted}, cheques {nt.taken.cheque.formatted},
          vouchers {nt.taken.voucher.formatted} taken at the desk ({nt.orders} order
          {nt.orders === 1 ? '' : 's'}); cash refunded {nt.refundedCash.formatted}.
        </p>
      )}
    </article>
  );
}

function AdjustForm({ session }: { session: TillSessionView }) {
  const adjust = useAdjustTill();
  const [tender, setTender] = useState<CashUpTender>('cash');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const tenderId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const pence = parsePounds(amount, { allowNegative: true });
    const found: typeof errors = {};
    if (pence === null || pence === 0) found.amount = 'Enter an amount other than £0.00, e.g. 0.50 or -2.00.';
    if (reason.trim().length < 3) found.reason = 'Give a reason for the adjustment.';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    adjust.mutate(
      { sessionId: session.id, tender, amount: pence!, reason: reason.trim() },
      {
        onSuccess: (reply) => {
          setAmount('');
          setReason('');
          toast.success(reply.message, { duration: TOAST_DURATION.default });
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 422 && Object.keys(e.fieldErrors).length > 0)
            setErrors({ amount: e.fieldErrors.amount?.[0], reason: e.fieldErrors.reason?.[0] });
          else setProblem(problemText(e));
        },
      },
    );
  };
  return (
    <details className="cash-up-adjust">
      <summary>Adjust {session.tillName}</summary>
      <form
        className="form cash-up-form"
        onSubmit={submit}
        noValidate
        aria-label={`Adjust ${session.tillName}`}
      >
        <div className="field">
          <label className="field__label" htmlFor={tenderId}>
            Tender
          </label>
          <select
            id={tenderId}
            className="field__input"
            value={tender}
            onChange={(event) => setTender(event.target.value as CashUpTender)}
          >
            {CASH_UP_TENDERS.map((t) => (
              <option key={t} value={t}>
                {CASH_UP_TENDER_NAMES[t]}
              </option>
            ))}
          </select>
        </div>
        <MoneyField
          label="Amount (£)"
          hint="Added to what was counted: 0.50 found, -2.00 missing."
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        {problem && <Notice tone="danger">{problem}</Notice>}
        <div className="button-row">
          <Button type="submit" variant="secondary" isPending={adjust.isPending}>
            Record adjustment
          </Button>
        </div>
      </form>
    </details>
  );
}
