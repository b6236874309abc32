import { useId } from 'react';
import type { SessionRegister as Register } from '../api/get-register';
import { useMarkAttendance } from '../api/mark-attendance';
import { AttendanceRow } from './attendance-row';
import '../registers.css';

/** A session's register: when and where, then everyone booked, each marked Attended or Not attended. */
export function SessionRegister({ register, isOpen }: { register: Register; isOpen: boolean }) {
  const mark = useMarkAttendance(register.session.id);
  const listId = useId();
  const { session, bookings } = register;
  // Counted from the rows, so a row just saved counts at once.
  const attended = bookings.filter((b) => b.attended === true).length;
  const unattended = bookings.filter((b) => b.attended === false).length;
  const marked = attended + unattended;
  return (
    <div className="register">
      <p className="register__when">
        {session.startsAt.pretty}–{session.endsAt.local.slice(11, 16)} · {session.location} ·{' '}
        {session.venue.name}
      </p>
      <p className="muted">
        {session.bookedPlaces} of {session.capacity} places booked · {attended} attended · {unattended} not
        attended
      </p>
      {!isOpen && <p className="notice notice--info">The register opens on the day of the session.</p>}
      <section className="card" aria-labelledby={listId}>
        <h2 id={listId}>
          Booked ({bookings.length}){bookings.length > 0 ? `, ${marked} marked` : ''}
        </h2>
        {bookings.length === 0 ? (
          <p className="muted">No one is booked on this session.</p>
        ) : (
          <ul className="register__list">
            {bookings.map((entry) => (
              <AttendanceRow
                key={entry.bookingId}
                entry={entry}
                isOpen={isOpen}
                onMark={(attended) => mark.mutateAsync({ bookingId: entry.bookingId, attended })}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
