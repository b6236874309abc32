import {
  compareDates,
  formatIso,
  instantsIn,
  isoWeekday,
  type LocalDate,
  toLocalDate,
  type WallClock,
} from '../../lib/local-date.ts';
import type {
  ConflictReason,
  PlanActivity,
  PlanException,
  PlanInput,
  PlanRule,
  SessionValues,
} from './types.ts';

/**
 * What the timetable wants on one rule's date or for one extra session: the session's values, or why there is
 * none. `source` says what set them (a rule, a 'changed' exception over it, an 'extra' exception).
 */
export type Wanted =
  | { ok: true; values: SessionValues; source: 'rule' | 'changed' | 'extra' }
  | { ok: false; reason: ConflictReason };

/** A venue's timetable indexed for look-ups by rule, date and exception. */
export type Timetable = {
  input: PlanInput;
  activities: Map<number, PlanActivity>;
  rules: Map<number, PlanRule>;
  /** Every exception by id, archived too (an archived extra's session must go). */
  exceptions: Map<number, PlanException>;
  closedDates: Set<string>;
  /** 'ruleId/date' → the live cancelled / changed exception (the lowest id if there are several). */
  cancelled: Set<string>;
  changed: Map<string, PlanException>;
  /** A venue-local date and time → its instant (the zone's offset looked up once a date: `instantsIn`). */
  instantAt: (date: LocalDate, time: WallClock) => Date;
};

const ruleDateKey = (ruleId: number, date: string) => `${ruleId}/${date}`;

export function indexTimetable(input: PlanInput): Timetable {
  const live = [...input.exceptions].filter((e) => !e.archived).sort((a, b) => a.id - b.id);
  const changed = new Map<string, PlanException>();
  for (const e of live)
    if (e.kind === 'changed' && e.ruleId !== null && !changed.has(ruleDateKey(e.ruleId, e.date)))
      changed.set(ruleDateKey(e.ruleId, e.date), e);
  return {
    input,
    activities: new Map(input.activities.map((a) => [a.id, a])),
    rules: new Map(input.rules.map((r) => [r.id, r])),
    exceptions: new Map(input.exceptions.map((e) => [e.id, e])),
    closedDates: new Set(live.filter((e) => e.kind === 'closed').map((e) => e.date)),
    cancelled: new Set(
      live
        .filter((e) => e.kind === 'cancelled' && e.ruleId !== null)
        .map((e) => ruleDateKey(e.ruleId!, e.date)),
    ),
    changed,
    instantAt: instantsIn(input.venue.timeZone),
  };
}

/** 'HH:MM' (checked by the database) as a wall-clock time. */
export function parseTime(value: string): WallClock {
  const [hour, minute] = value.split(':').map(Number);
  return { hour: hour!, minute: minute! };
}

type Overrides = Pick<PlanRule, 'durationMinutes' | 'capacity' | 'price' | 'locationName'>;

/** The session's values: each override, else the next one down, else the activity's own. */
function valuesOf(
  t: Timetable,
  activity: PlanActivity,
  date: LocalDate,
  startTime: string,
  layers: Overrides[],
): SessionValues {
  const pick = <K extends keyof Overrides>(key: K): NonNullable<Overrides[K]> | null =>
    (layers.map((l) => l[key]).find((v) => v !== null) ?? null) as NonNullable<Overrides[K]> | null;
  // A skipped or repeated wall-clock time on a clock-change day: instantAt moves it forward / takes the first.
  const startsAt = t.instantAt(date, parseTime(startTime));
  const duration = pick('durationMinutes') ?? activity.durationMinutes;
  return {
    activityId: activity.id,
    localDate: formatIso(date),
    startsAt,
    endsAt: new Date(startsAt.getTime() + duration * 60_000),
    capacity: pick('capacity') ?? activity.capacity,
    price: pick('price') ?? activity.price,
    locationName: pick('locationName') ?? activity.locationName,
  };
}

/** Whether the rule runs on the date by its weekday and validity dates (archiving aside). */
export function ruleRunsOn(rule: PlanRule, date: LocalDate): boolean {
  if (isoWeekday(date) !== rule.weekday) return false;
  if (rule.validFrom && compareDates(date, toLocalDate(rule.validFrom)) < 0) return false;
  if (rule.validUntil && compareDates(date, toLocalDate(rule.validUntil)) > 0) return false;
  return true;
}

/** The session a rule wants on a date (the rule may be gone: an archived or deleted rule wants none). */
export function wantedForRule(t: Timetable, ruleId: number, date: LocalDate): Wanted {
  const iso = formatIso(date);
  const rule = t.rules.get(ruleId);
  if (t.input.venue.archived) return { ok: false, reason: 'venue_archived' };
  if (!rule || rule.archived) return { ok: false, reason: 'rule_archived' };
  const activity = t.activities.get(rule.activityId);
  if (!activity || activity.archived) return { ok: false, reason: 'activity_archived' };
  if (t.closedDates.has(iso)) return { ok: false, reason: 'closed' };
  if (isoWeekday(date) !== rule.weekday) return { ok: false, reason: 'rule_changed' };
  if (!ruleRunsOn(rule, date)) return { ok: false, reason: 'rule_dates' };
  if (t.cancelled.has(ruleDateKey(rule.id, iso))) return { ok: false, reason: 'cancelled' };
  const change = t.changed.get(ruleDateKey(rule.id, iso));
  if (!change)
    return { ok: true, source: 'rule', values: valuesOf(t, activity, date, rule.startTime, [rule]) };
  const startTime = change.startTime ?? rule.startTime;
  return { ok: true, source: 'changed', values: valuesOf(t, activity, date, startTime, [change, rule]) };
}

/** The session an 'extra' exception wants (none once it is archived, gone or no longer an extra). */
export function wantedForExtra(t: Timetable, exceptionId: number): Wanted {
  const extra = t.exceptions.get(exceptionId);
  if (t.input.venue.archived) return { ok: false, reason: 'venue_archived' };
  if (!extra || extra.archived || extra.kind !== 'extra' || extra.activityId === null || !extra.startTime)
    return { ok: false, reason: 'extra_removed' };
  const activity = t.activities.get(extra.activityId);
  if (!activity || activity.archived) return { ok: false, reason: 'activity_archived' };
  // Closed wins: 'closed' means the venue is shut all day, so an extra on that day is not held either.
  if (t.closedDates.has(extra.date)) return { ok: false, reason: 'closed' };
  const date = toLocalDate(extra.date);
  return { ok: true, source: 'extra', values: valuesOf(t, activity, date, extra.startTime, [extra]) };
}
