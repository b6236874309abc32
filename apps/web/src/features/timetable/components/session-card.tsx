import { memo, useId } from 'react';
import { Link } from '../../../lib/router';
import type { Session } from '../api/types';
import { placesLeftText, priceText, timeRange } from '../rules/timetable';
import { SessionAction } from './session-action';

/** One session of the day. Cheap to render: every text comes ready from the server or a lookup. */
export const SessionCard = memo(function SessionCard({
  session,
  slug,
  isLoggedIn,
}: {
  session: Session;
  slug: string;
  isLoggedIn: boolean;
}) {
  const headingId = useId();
  return (
    <li className="session-card">
      <article className="session-card__inner" aria-labelledby={headingId}>
        <p className="session-card__time">
          <span className="session-card__range">{timeRange(session)}</span>
          <span className="session-card__duration">{session.duration}</span>
        </p>
        <div className="session-card__main">
          <h3 className="session-card__name" id={headingId}>
            <Link to={`/venues/${encodeURIComponent(slug)}/sessions/${session.id}`}>{session.name}</Link>
          </h3>
          <p className="session-card__location">
            {session.locationName}
            <span className="session-card__category"> · {session.category.name}</span>
          </p>
        </div>
        <p className="session-card__meta">
          <span className="session-card__price">{priceText(session.price.raw)}</span>
          {session.state !== 'started' && session.state !== 'cancelled' && (
            <span className="session-card__places">{placesLeftText(session.placesLeft)}</span>
          )}
        </p>
        <SessionAction session={session} isLoggedIn={isLoggedIn} />
      </article>
    </li>
  );
});
