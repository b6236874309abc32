import { useId } from 'react';
import { chooseDeskTill, useDeskTill } from '../../../lib/desk-till';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { useTills } from '../api/cash-up';
import { CashUpHistory } from './cash-up-history';
import { CurrentTill } from './current-till';
import { ManageTills } from './manage-tills';
import './cash-up.css';

/**
 * The desk's cash-up at one venue: which till this device uses (remembered on it), that till's open session or the
 * float that opens it and the count that closes it, the venue's cash-up by day, and (managers) its tills.
 */
export function CashUpDesk({ venueId }: { venueId: number }) {
  const tills = useTills(venueId);
  const chosen = useDeskTill();
  const tillFieldId = useId();
  const headingId = useId();
  if (tills.isPending) return <Spinner />;
  if (tills.error) return <LoadError text={tills.error.message} onRetry={() => void tills.refetch()} />;
  const live = tills.data.tills.filter((t) => !t.archived);
  const current = live.find((t) => t.id === chosen?.id && chosen.venueId === venueId) ?? null;
  return (
    <>
      <section className="card cash-up-till" aria-labelledby={headingId}>
        <h2 id={headingId}>{current ? current.name : 'This desk’s till'}</h2>
        {live.length === 0 ? (
          <p className="muted">
            {tills.data.mayManage
              ? 'No tills at this venue yet: add one below.'
              : 'No tills at this venue yet: ask a centre manager to add one.'}
          </p>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={tillFieldId}>
              Till on this device
            </label>
            <p className="field__hint" id={`${tillFieldId}-hint`}>
              Desk payments and cash refunds from this device go into this till.
            </p>
            <select
              id={tillFieldId}
              aria-describedby={`${tillFieldId}-hint`}
              className="field__input"
              value={current?.id ?? ''}
              onChange={(event) => {
                const till = live.find((t) => t.id === Number(event.target.value));
                chooseDeskTill(till ? { id: till.id, name: till.name, venueId } : null);
              }}
            >
              <option value="">No till</option>
              {live.map((till) => (
                <option key={till.id} value={till.id}>
                  {till.name}
                  {till.openSession ? ' (open)' : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        {tills.data.todayClosed && (
          <p className="cash-up-closed">Today’s cash-up is closed: a till opened now counts on tomorrow’s.</p>
        )}
        {current && <CurrentTill key={current.id} till={current} />}
      </section>
      <CashUpHistory venueId={venueId} mayManage={tills.data.mayManage} />
      {tills.data.mayManage && <ManageTills venueId={venueId} tills={tills.data.tills} />}
    </>
  );
}
