import { addDays, formatIso, isoWeekday, localDateOf, toLocalDate } from '../../lib/local-date.ts';
import { venueDate, venueTime } from '../../lib/venue-time.ts';
import type {
  ConflictKind,
  ConflictReason,
  ExistingSession,
  PlanInput,
  SessionPlan,
  SessionValues,
  TimetableConflict,
} from './types.ts';
import { indexTimetable, type Timetable, type Wanted, wantedForExtra, wantedForRule } from './wanted.ts';

/**
 * Plans one venue's generated sessions (docs/decisions/029): pure, no database.
 *
 * - The horizon is the venue's today and the `horizonWeeks × 7 − 1` days after it (venue-local dates). Each live
 *   rule gives one session per date it runs on (its weekday, within valid_from … valid_until), unless the venue is
 *   closed that day or the date's session is cancelled; a 'changed' exception overrides that date's values; an
 *   'extra' exception in the horizon gives a one-off session. Values fall back: exception → rule → activity.
 * - Sessions that have started (starts_at ≤ now) are never created, changed or removed.
 * - A generated session the timetable still wants is updated to its values; one it no longer wants is removed, even
 *   beyond the horizon (a shorter horizon alone removes nothing).
 * - Bookings come first: a session with booked places is never moved (another start or activity) or removed, and
 *   its capacity never drops below its bookings; it is kept and reported as a conflict instead. A session with
 *   only cancelled bookings or order lines on record has no live booking, so it takes the change: it moves, or it
 *   is taken off sale (`cancel`: not deleted, that would lose the record) where an unbooked one would be removed.
 *   Taken off sale by the timetable, it comes back on sale (`restore`) if the timetable wants it again (issue 35).
 * - A session staff cancelled, moved or changed (the console) is never touched: its (rule, date) stays taken.
 * - Only sessions with a rule or exception are looked at: hand-made sessions are never touched.
 *
 * Applying the plan and planning again yields nothing to create, update or remove (the same conflicts again).
 */
export function planSessions(input: PlanInput): SessionPlan {
  const t = indexTimetable(input);
  const plan: SessionPlan = { create: [], update: [], remove: [], cancel: [], restore: [], conflicts: [] };
  const now = input.now.getTime();
  /** Keys ('rule:ID:DATE', 'extra:ID') that already have a session, started or not. */
  const taken = new Set<string>();

  for (const session of input.existing) {
    const key = keyOf(session);
    if (key) taken.add(key);
    if (
      session.startsAt.getTime() <= now ||
      !key ||
      session.cancelledBy === 'staff' ||
      session.changedByStaff
    )
      continue;
    const wanted = wantedFor(t, session);
    if (!wanted.ok || wanted.values.startsAt.getTime() <= now) {
      // A change that would put it before now is treated as no session on that date.
      const reason = wanted.ok ? movedReason(wanted) : wanted.reason;
      if (session.bookedCount > 0) plan.conflicts.push(conflictOf(t, session, 'remove', reason));
      else if (session.cancelledBy === 'timetable') continue;
      else if (session.hasHistory) plan.cancel.push({ sessionId: session.id, reason });
      else plan.remove.push({ sessionId: session.id, reason });
      continue;
    }
    if (session.cancelledBy === 'timetable') plan.restore.push(session.id);
    planExisting(t, plan, session, wanted);
  }

  const today = localDateOf(input.now, input.venue.timeZone);
  const days = Math.max(0, Math.floor(input.horizonWeeks * 7));
  const create = (
    key: string,
    want: () => Wanted,
    ids: { ruleId: number | null; exceptionId: number | null },
  ) => {
    // Only a key without a session is worked out (most dates of a run have theirs already).
    if (taken.has(key)) return;
    const wanted = want();
    if (!wanted.ok || wanted.values.startsAt.getTime() <= now) return;
    taken.add(key);
    plan.create.push({ ...wanted.values, venueId: input.venue.id, ...ids });
  };
  for (let i = 0; i < days; i++) {
    const date = addDays(today, i);
    const weekday = isoWeekday(date);
    for (const rule of input.rules)
      if (rule.weekday === weekday)
        create(`rule:${rule.id}:${formatIso(date)}`, () => wantedForRule(t, rule.id, date), {
          ruleId: rule.id,
          exceptionId: null,
        });
  }
  const lastDay = addDays(today, days - 1);
  for (const extra of input.exceptions) {
    if (extra.kind !== 'extra' || extra.archived) continue;
    const date = toLocalDate(extra.date);
    if (days === 0 || formatIso(date) < formatIso(today) || formatIso(date) > formatIso(lastDay)) continue;
    create(`extra:${extra.id}`, () => wantedForExtra(t, extra.id), { ruleId: null, exceptionId: extra.id });
  }
  return plan;
}

function keyOf(session: ExistingSession): string | null {
  if (session.exceptionId !== null) return `extra:${session.exceptionId}`;
  if (session.ruleId !== null && session.localDate) return `rule:${session.ruleId}:${session.localDate}`;
  return null;
}

function wantedFor(t: Timetable, session: ExistingSession): Wanted {
  if (session.exceptionId !== null) return wantedForExtra(t, session.exceptionId);
  return wantedForRule(t, session.ruleId!, toLocalDate(session.localDate!));
}

const movedReason = (wanted: Extract<Wanted, { ok: true }>): ConflictReason =>
  wanted.source === 'rule' ? 'rule_changed' : 'changed';

/** Brings a wanted, not yet started session to the timetable's values, unless its bookings forbid it. */
function planExisting(
  t: Timetable,
  plan: SessionPlan,
  session: ExistingSession,
  wanted: Extract<Wanted, { ok: true }>,
) {
  const want = wanted.values;
  const moved =
    want.startsAt.getTime() !== session.startsAt.getTime() ||
    want.activityId !== session.activityId ||
    want.localDate !== session.localDate;
  if (moved && session.bookedCount > 0) {
    plan.conflicts.push(conflictOf(t, session, 'move', movedReason(wanted), want));
    return;
  }
  const capacity = Math.max(want.capacity, session.bookedCount);
  if (want.capacity < session.bookedCount)
    plan.conflicts.push(conflictOf(t, session, 'capacity', movedReason(wanted), want));
  const target: SessionValues = { ...want, capacity };
  const set: Partial<SessionValues> = {};
  for (const field of Object.keys(target) as (keyof SessionValues)[]) {
    const [a, b] = [target[field], session[field]];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) Object.assign(set, { [field]: a });
  }
  if (Object.keys(set).length) plan.update.push({ sessionId: session.id, set });
}

function conflictOf(
  t: Timetable,
  session: ExistingSession,
  kind: ConflictKind,
  reason: ConflictReason,
  want?: SessionValues,
): TimetableConflict {
  const zone = t.input.venue.timeZone;
  const moved = kind === 'move' && want;
  return {
    kind,
    reason,
    sessionId: session.id,
    venueId: t.input.venue.id,
    timeZone: zone,
    activityId: session.activityId,
    activityName: t.activities.get(session.activityId)?.name ?? `activity ${session.activityId}`,
    localDate: venueDate(session.startsAt, zone),
    localTime: venueTime(session.startsAt, zone),
    startsAt: session.startsAt,
    bookedCount: session.bookedCount,
    hasHistory: session.hasHistory,
    wantedStartsAt: moved && want.startsAt.getTime() !== session.startsAt.getTime() ? want.startsAt : null,
    wantedActivityName:
      moved && want.activityId !== session.activityId
        ? (t.activities.get(want.activityId)?.name ?? null)
        : null,
    wantedCapacity: kind === 'capacity' && want ? want.capacity : null,
  };
}
