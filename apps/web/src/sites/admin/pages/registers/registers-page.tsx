import { useId } from 'react';
import { useRegisters } from '../../../../features/registers/api/get-registers';
import { RegisterDay } from '../../../../features/registers/components/register-day';
import { isCalendarDate, venueToday } from '../../../../lib/dates';
import { formatLongDate } from '../../../../lib/format';
import { PageTitle } from '../../../../lib/page-title';
import { useSearchParams } from '../../../../lib/router';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';
import { useWorkVenues } from '../../use-work-venues';

/** A venue's sessions of a day (today unless chosen), kept in the URL (?venue=&date=) so Back returns to them. */
export default function RegistersPage() {
  const [params, setParams] = useSearchParams();
  const work = useWorkVenues();
  const venueFieldId = useId();
  const dateFieldId = useId();
  const today = venueToday();
  const date = isCalendarDate(params.get('date')) ? params.get('date')! : today;
  const asked = Number(params.get('venue'));
  const venue = work.venues.find((v) => v.id === asked) ?? work.venues[0] ?? null;
  const registers = useRegisters(venue?.id ?? null, date);
  const dayLabel = formatLongDate(`${date}T12:00:00Z`);
  const choose = (next: { venue?: number; date?: string }) =>
    setParams(
      {
        venue: String(next.venue ?? venue?.id ?? ''),
        date: next.date ?? date,
      },
      { replace: true },
    );

  return (
    <div className="admin-page">
      <PageTitle title={`Registers, ${dayLabel}`} />
      <h1>Registers</h1>
      {work.isPending ? (
        <Spinner />
      ) : work.error ? (
        <LoadError text={work.error.message} onRetry={work.refetch} />
      ) : !venue ? (
        <p>You do not work at any venue yet. Ask an administrator to add one to your account.</p>
      ) : (
        <>
          <div className="register-filters">
            <div className="field">
              <label className="field__label" htmlFor={venueFieldId}>
                Venue
              </label>
              <select
                id={venueFieldId}
                className="field__input"
                value={venue.id}
                onChange={(event) => choose({ venue: Number(event.target.value) })}
              >
                {work.venues.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={dateFieldId}>
                Date
              </label>
              <input
                id={dateFieldId}
                className="field__input"
                type="date"
                value={date}
                onChange={(event) =>
                  isCalendarDate(event.target.value) && choose({ date: event.target.value })
                }
              />
            </div>
          </div>
          <h2 className="register-day__heading">
            {venue.name}, {date === today ? `today (${dayLabel})` : dayLabel}
          </h2>
          {registers.isPending ? (
            <Spinner />
          ) : registers.isError ? (
            <LoadError text={registers.error.message} onRetry={() => void registers.refetch()} />
          ) : (
            <RegisterDay sessions={registers.data.sessions} dayLabel={dayLabel} />
          )}
        </>
      )}
    </div>
  );
}
