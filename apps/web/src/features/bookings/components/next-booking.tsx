import type { ReactNode } from 'react';
import { formatLongDate, formatTime } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { bookingCalendarHref, useUpcomingBookings } from '../api/get-bookings';

/** Dashboard 'My next booking': the first upcoming booking, or the empty state with the caller's action. */
export function NextBooking({ emptyAction }: { emptyAction: ReactNode }) {
  const bookings = useUpcomingBookings();
  const next = bookings.data?.[0];
  return (
    <section className="card dashboard__section" aria-labelledby="next-booking-heading">
      <h2 id="next-booking-heading">My next booking</h2>
      {bookings.isPending ? (
        <Spinner label="Loading your bookings" />
      ) : bookings.isError ? (
        <p role="alert">Failed to load your bookings, please try again.</p>
      ) : !next ? (
        <div className="stack">
          <p>You don't have any bookings right now.</p>
          {emptyAction}
        </div>
      ) : (
        <div className="stack">
          <p className="next-booking__date">{formatLongDate(next.startsAt.raw)}</p>
          <article className="booking-card" aria-label={next.name}>
            <h3 className="booking-card__name">{next.name}</h3>
            <dl className="booking-card__details">
              <div>
                <dt>Venue</dt>
                <dd>{next.venueName || next.venue.name}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{next.locationName}</dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>
                  {formatTime(next.startsAt.raw)} - {formatTime(next.endsAt.raw)}
                </dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{next.duration || '90min'}</dd>
              </div>
            </dl>
            <a
              className={buttonClass('secondary', 'next-booking__calendar')}
              href={bookingCalendarHref(next.id)}
              download={`booking-${next.id}.ics`}
            >
              Add to calendar
            </a>
          </article>
        </div>
      )}
      <Link to="/bookings/upcoming">View all my bookings</Link>
    </section>
  );
}
