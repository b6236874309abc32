import { Link } from '../../../lib/router';
import type { RegisterSession } from '../api/get-registers';
import '../registers.css';

/** A venue's sessions of one day: time, session, where, places booked and attendance so far, each to its register. */
export function RegisterDay({ sessions, dayLabel }: { sessions: RegisterSession[]; dayLabel: string }) {
  if (sessions.length === 0) return <p>No sessions on {dayLabel}.</p>;
  return (
    <div className="register-day__scroll">
      <table className="register-day">
        <caption className="visually-hidden">Sessions on {dayLabel}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Session</th>
            <th scope="col" className="register-day__num">
              Booked
            </th>
            <th scope="col" className="register-day__num">
              Attended
            </th>
            <th scope="col" className="register-day__num">
              Not attended
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td className="register-day__time">
                {s.startsAt.local.slice(11, 16)}–{s.endsAt.local.slice(11, 16)}
              </td>
              <td>
                <Link
                  to={`/registers/${s.id}`}
                  aria-label={`${s.name} at ${s.startsAt.local.slice(11, 16)} register`}
                >
                  {s.name}
                </Link>
                <br />
                <span className="muted">
                  {s.location} · {s.category}
                </span>
              </td>
              <td className="register-day__num">
                {s.bookedPlaces} / {s.capacity}
              </td>
              <td className="register-day__num">{s.attended}</td>
              <td className="register-day__num">{s.unattended}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
