import { Link } from '../../../lib/router';

export type BookingsView = 'upcoming' | 'previous' | 'waitlist';

const VIEWS: { view: BookingsView; label: string }[] = [
  { view: 'upcoming', label: 'Upcoming' },
  { view: 'previous', label: 'Previous' },
  { view: 'waitlist', label: 'Waitlist' },
];

/** Upcoming / Previous / Waitlist: links, the current one marked with aria-current. */
export function BookingsToggle({ current }: { current: BookingsView }) {
  return (
    <nav className="bookings-toggle toggle-links" aria-label="Booking filter">
      <ul>
        {VIEWS.map(({ view, label }) => (
          <li key={view}>
            <Link to={`/bookings/${view}`} aria-current={view === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
