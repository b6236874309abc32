import { CASH_UP_TEXTS, DENOMINATIONS, VARIANCE_NOTE_THRESHOLD } from '@fieldhouse/contract/cash-up';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api/errors';
import { formatMoney } from '../../../lib/format';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import { TextAreaField } from '../../../ui/text-area-field';
import { TextField } from '../../../ui/text-field';
import { type Till, type TillSessionView, useCloseTill, useLastClosed, useOpenTill } from '../api/cash-up';
import { parsePounds } from '../rules/pounds';
import { MoneyField } from './money-field';
import { SessionFigures } from './session-figures';

const AMOUNT_TEXT = 'Enter an amount in pounds and pence, e.g. 12.50.';
const denominationLabel = (pence: number) => (pence >= 100 ? `£${pence / 100}` : `${pence}p`);
const problemText = (error: Error) =>
  isApiError(error) ? (error.serverMessage ?? error.message) : error.message;

/** The chosen till: open it with a float, or (open) its figures so far and the count that closes it. */
export function CurrentTill({ till }: { till: Till }) {
  const closed = useLastClosed(till.id).data ?? null;
  const session = till.openSession;
  return (
    <div className="cash-up-current">
      {closed && !session && (
        <div className="cash-up-result" role="status">
          <Notice tone={closed.variance?.cash.raw === 0 ? 'success' : 'warning'}>
            {till.name} is closed. Cash variance {closed.variance?.cash.formatted}.
          </Notice>
          <SessionFigures session={closed} caption={`${till.name}: expected and counted`} />
        </div>
      )}
      {session ? (
        <>
          <p>
            Open since {session.openedAt} by {session.openedBy}, for the cash-up of{' '}
            <strong>{session.businessDate}</strong>.
          </p>
          <SessionFigures session={session} caption={`${till.name} so far`} />
          <CloseTillForm till={till} session={session} />
        </>
      ) : (
        <OpenTillForm till={till} />
      )}
    </div>
  );
}

function OpenTillForm({ till }: { till: Till }) {
  const open = useOpenTill();
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const pence = parsePounds(float);
    if (pence === null) return setError(AMOUNT_TEXT);
    setError(undefined);
    setFormError(null);
    open.mutate(
      { tillId: till.id, float: pence },
      {
        onSuccess: (reply) => {
          setFloat('');
          toast.success(reply.message, { duration: TOAST_DURATION.default });
        },
        onError: (e) => {
          if (isApiError(e) && e.fieldErrors.float?.[0]) setError(e.fieldErrors.float[0]);
          else setFormError(problemText(e));
        },
      },
    );
  };
  return (
    <form className="form cash-up-form" onSubmit={submit} noValidate aria-label={`Open ${till.name}`}>
      <MoneyField
        label="Float (£)"
        hint="The cash counted into the drawer to start, e.g. 100.00."
        value={float}
        onChange={setFloat}
        error={error}
      />
      {formError && <Notice tone="danger">{formError}</Notice>}
      <div className="button-row">
        <Button type="submit" isPending={open.isPending}>
          Open {till.name}
        </Button>
      </div>
    </form>
  );
}

type CountErrors = Partial<
  Record<'cash' | 'denominations' | 'cheques' | 'chequeCount' | 'vouchers' | 'voucherCount' | 'note', string>
>;

function CloseTillForm({ till, session }: { till: Till; session: TillSessionView }) {
  const close = useCloseTill();
  const headingId = useId();
  const [byDenomination, setByDenomination] = useState(false);
  const [cash, setCash] = useState('');
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [cheques, setCheques] = useState('');
  const [chequeCount, setChequeCount] = useState('');
  const [vouchers, setVouchers] = useState('');
  const [voucherCount, setVoucherCount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<CountErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const denominationTotal = DENOMINATIONS.reduce((n, d) => n + d * (Number(counts[d]) || 0), 0);
  const cashPence = byDenomination ? denominationTotal : parsePounds(cash);
  const chequePence = cheques.trim() ? parsePounds(cheques) : 0;
  const voucherPence = vouchers.trim() ? parsePounds(vouchers) : 0;
  const variance = (counted: number | null, expected: number) =>
    counted === null ? null : counted - expected;
  const cashVariance = variance(cashPence, session.expected.cash.raw);
  const chequeVariance = variance(chequePence, session.expected.cheque.raw);
  const voucherVariance = variance(voucherPence, session.expected.voucher.raw);
  const needsNote = [cashVariance, chequeVariance, voucherVariance].some(
    (v) => v !== null && Math.abs(v) > VARIANCE_NOTE_THRESHOLD,
  );
  const wholeCount = (text: string) =>
    text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: CountErrors = {};
    if (cashPence === null) found.cash = AMOUNT_TEXT;
    if (chequePence === null) found.cheques = AMOUNT_TEXT;
    if (voucherPence === null) found.vouchers = AMOUNT_TEXT;
    const nCheques = wholeCount(chequeCount);
    const nVouchers = wholeCount(voucherCount);
    if (nCheques === null) found.chequeCount = 'Enter how many cheques, e.g. 2.';
    if (nVouchers === null) found.voucherCount = 'Enter how many vouchers, e.g. 1.';
    if (byDenomination && DENOMINATIONS.some((d) => counts[d] && wholeCount(counts[d]!) === null))
      found.denominations = 'Enter how many of each note and coin as a whole number.';
    if (needsNote && !note.trim())
      found.note = CASH_UP_TEXTS.noteRequired(formatMoney(VARIANCE_NOTE_THRESHOLD));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      const first = document.querySelector<HTMLElement>(
        `#${CSS.escape(headingId)} ~ form [aria-invalid="true"]`,
      );
      first?.focus();
      return;
    }
    close.mutate(
      {
        sessionId: session.id,
        cash: cashPence!,
        denominations: byDenomination
          ? DENOMINATIONS.filter((d) => Number(counts[d]) > 0).map((d) => ({
              value: d,
              count: Number(counts[d]),
            }))
          : undefined,
        cheques: chequePence!,
        chequeCount: nCheques!,
        vouchers: voucherPence!,
        voucherCount: nVouchers!,
        note: note.trim() || undefined,
      },
      {
        // The result is announced by the status beside the figures (CurrentTill), from the query cache.
        onSuccess: () => undefined,
        onError: (e) => {
          if (isApiError(e) && e.status === 422 && Object.keys(e.fieldErrors).length > 0) {
            setErrors(
              Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0]])) as CountErrors,
            );
            return;
          }
          setFormError(problemText(e));
        },
      },
    );
  };

  return (
    <section className="cash-up-close" aria-labelledby={headingId}>
      <h3 id={headingId}>Close {till.name}: count the drawer</h3>
      <form className="form cash-up-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <fieldset className="cash-up-fieldset">
          <legend>Cash</legend>
          <label className="cash-up-switch">
            <input
              type="checkbox"
              checked={byDenomination}
              onChange={(event) => setByDenomination(event.target.checked)}
            />{' '}
            Count by notes and coins
          </label>
          {byDenomination ? (
            <div className="cash-up-denominations">
              {DENOMINATIONS.map((d) => (
                <TextField
                  key={d}
                  label={`${denominationLabel(d)} × how many`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={counts[d] ?? ''}
                  onChange={(event) => setCounts({ ...counts, [d]: event.target.value })}
                />
              ))}
              <p className="cash-up-total" aria-live="polite">
                Cash counted: {formatMoney(denominationTotal)}
              </p>
              {errors.denominations && (
                <p className="field__error" role="alert">
                  {errors.denominations}
                </p>
              )}
            </div>
          ) : (
            <MoneyField
              label="Cash counted (£)"
              hint={`Expected ${session.expected.cash.formatted}.`}
              value={cash}
              onChange={setCash}
              error={errors.cash}
            />
          )}
        </fieldset>
        <fieldset className="cash-up-fieldset cash-up-pair">
          <legend>Cheques</legend>
          <MoneyField
            label="Cheques total (£)"
            hint={`Expected ${session.expected.cheque.formatted}.`}
            value={cheques}
            onChange={setCheques}
            error={errors.cheques}
          />
          <TextField
            label="Number of cheques"
            inputMode="numeric"
            autoComplete="off"
            value={chequeCount}
            onChange={(event) => setChequeCount(event.target.value)}
            error={errors.chequeCount}
          />
        </fieldset>
        <fieldset className="cash-up-fieldset cash-up-pair">
          <legend>Vouchers</legend>
          <MoneyField
            label="Vouchers total (£)"
            hint={`Expected ${session.expected.voucher.formatted}.`}
            value={vouchers}
            onChange={setVouchers}
            error={errors.vouchers}
          />
          <TextField
            label="Number of vouchers"
            inputMode="numeric"
            autoComplete="off"
            value={voucherCount}
            onChange={(event) => setVoucherCount(event.target.value)}
            error={errors.voucherCount}
          />
        </fieldset>
        <p className="cash-up-total" aria-live="polite">
          Cash variance: {cashVariance === null ? '–' : formatMoney(cashVariance)}
        </p>
        <TextAreaField
          label={needsNote ? 'Note (needed: a variance is over £5.00)' : 'Note (optional)'}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
          rows={2}
        />
        {formError && <Notice tone="danger">{formError}</Notice>}
        <div className="button-row">
          <Button type="submit" isPending={close.isPending}>
            Close {till.name}
          </Button>
        </div>
      </form>
    </section>
  );
}
