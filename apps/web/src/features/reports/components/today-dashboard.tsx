import { formatMoney } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { LoadError } from '../../../ui/load-error';
import { FigureList, formatCount } from '../../../ui/reports/figure-list';
import { Spinner } from '../../../ui/spinner';
import { useTodayReport } from '../api/get-today-report';
import '../../../ui/reports/reports.css';

/**
 * Today at a glance, the console's home for managers (issue 37 item 7): takings, check-ins, sessions with their places
 * sold, and new members at the venues the staff member sees, refreshed each minute.
 */
export function TodayDashboard() {
  const today = useTodayReport(true);
  return (
    <section className="report-section" aria-labelledby="today-heading">
      <h2 id="today-heading">Today</h2>
      {today.isPending ? (
        <Spinner />
      ) : today.error ? (
        <LoadError text={today.error.message} onRetry={() => void today.refetch()} />
      ) : (
        <>
          <FigureList
            label="Today at your venues"
            figures={[
              { label: 'Net takings', value: formatMoney(today.data.takings.net.raw) },
              { label: 'Check-ins', value: formatCount(today.data.checkIns) },
              { label: 'Sessions', value: formatCount(today.data.sessions) },
              {
                label: 'Places sold',
                value: `${formatCount(today.data.placesSold)} of ${formatCount(today.data.capacity)}`,
              },
              { label: 'New members', value: formatCount(today.data.newMembers) },
            ]}
          />
          <p className="muted">
            At{' '}
            {today.data.venues.length === 1
              ? today.data.venues[0]!.name
              : `${today.data.venues.length} venues`}
            .{' '}
            <Link to={`/reports/takings?from=${today.data.date}&to=${today.data.date}`}>
              Today’s takings in full
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
