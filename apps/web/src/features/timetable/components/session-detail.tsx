import { useQuery } from '@tanstack/react-query';
import { formatLongDate } from '../../../lib/format';
import { PageTitle } from '../../../lib/page-title';
import { Link } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { sessionQueryOptions } from '../api/get-session';
import { placesLeftText, priceText, timeRange } from '../rules/timetable';
import { SessionAction } from './session-action';
import '../timetable.css';

/** One session: details, description and the same action as on the timetable. */
export function SessionDetail({
  slug,
  sessionId,
  viewerId,
}: {
  slug: string;
  sessionId: number;
  viewerId: number | null;
}) {
  const session = useQuery(sessionQueryOptions(sessionId, viewerId));
  const back = (date?: string) => (
    <Link to={`/venues/${encodeURIComponent(slug)}${date ? `?date=${date}` : ''}`} className="back-link">
      Back to timetable
    </Link>
  );
  if (session.isPending) return <Spinner label="Loading session" />;
  if (session.isError)
    return (
      <div className="stack" role="alert">
        <PageTitle title="Session" />
        <p>{session.error.message}</p>
        <Button variant="secondary" onClick={() => session.refetch()}>
          Try again
        </Button>
        {back()}
      </div>
    );
  const s = session.data;
  return (
    <article className="session-detail" aria-labelledby="session-heading">
      <PageTitle title={s.name} />
      {back(s.startsAt.date)}
      <p className="session-detail__category">{s.category.name}</p>
      <h1 id="session-heading">{s.name}</h1>
      <dl className="details-list">
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(`${s.startsAt.date}T12:00:00Z`)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{timeRange(s)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{s.duration}</dd>
        </div>
        <div>
          <dt>Venue</dt>
          <dd>{s.venue.name}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{s.locationName}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{priceText(s.price.raw)}</dd>
        </div>
        {s.state !== 'started' && s.state !== 'cancelled' && (
          <div>
            <dt>Places</dt>
            <dd>{placesLeftText(s.placesLeft)}</dd>
          </div>
        )}
      </dl>
      {s.state === 'cancelled' && s.cancellationReason && (
        <p className="session-detail__cancelled">{s.cancellationReason}</p>
      )}
      {s.description && <p className="session-detail__description">{s.description}</p>}
      <SessionAction session={s} isLoggedIn={viewerId !== null} />
    </article>
  );
}
