import { venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import type { ConflictReason, TimetableConflict } from './types.ts';

const BECAUSE: Record<ConflictReason, string> = {
  rule_changed: 'its weekly timetable rule has changed',
  rule_archived: 'its weekly timetable rule was removed',
  rule_dates: 'its weekly timetable rule no longer runs on that date',
  closed: 'the venue is closed that day',
  cancelled: "that date's session is cancelled in the timetable",
  changed: 'the timetable changes that session',
  extra_removed: 'the extra session was taken out of the timetable',
  activity_archived: 'the activity was removed from the catalogue',
  venue_archived: 'the venue was removed from the catalogue',
};

const places = (n: number) => (n === 1 ? '1 place' : `${n} places`);

/**
 * A conflict in one plain sentence for staff and logs, e.g. "Spin on Sunday 25 October 2026 at 07:00 (session 41)
 * was not moved to 08:00 because 3 places are booked (its weekly timetable rule has changed): move or cancel
 * those bookings and the timetable will follow."
 */
export function describeConflict(conflict: TimetableConflict): string {
  const zone = conflict.timeZone;
  const session = `${conflict.activityName} on ${venueDatePretty(conflict.startsAt, zone)} at ${conflict.localTime} (session ${conflict.sessionId})`;
  // Only live bookings hold a session (one with cancelled bookings alone takes the change: issue 35).
  const held = `${places(conflict.bookedCount)} ${conflict.bookedCount === 1 ? 'is' : 'are'} booked`;
  const because = BECAUSE[conflict.reason];
  if (conflict.kind === 'capacity')
    return `${session} keeps ${places(conflict.bookedCount)} instead of ${conflict.wantedCapacity} because ${held} (${because}): cancel bookings to bring it down.`;
  if (conflict.kind === 'move') {
    const to = [
      conflict.wantedActivityName ? `changed to ${conflict.wantedActivityName}` : null,
      conflict.wantedStartsAt
        ? `moved to ${sameDay(conflict) ? '' : `${venueDatePretty(conflict.wantedStartsAt, zone)} at `}${venueTime(conflict.wantedStartsAt, zone)}`
        : null,
    ]
      .filter(Boolean)
      .join(' and ');
    return `${session} was not ${to} because ${held} (${because}): move or cancel those bookings and the timetable will follow.`;
  }
  return `${session} was not removed because ${held} (${because}): move or cancel those bookings and the timetable will remove it.`;
}

const sameDay = (c: TimetableConflict) =>
  c.wantedStartsAt !== null &&
  venueDatePretty(c.wantedStartsAt, c.timeZone) === venueDatePretty(c.startsAt, c.timeZone);
