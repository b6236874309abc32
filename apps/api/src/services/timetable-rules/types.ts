import type {
  SESSION_CANCELLED_BY,
  TIMETABLE_CONFLICT_KINDS,
  TIMETABLE_CONFLICT_REASONS,
  TIMETABLE_EXCEPTION_KINDS,
} from '../../db/values.ts';

/** The planner's inputs and outputs: plain values, no database (planner.ts is pure; generate.ts loads and writes). */

export type ConflictKind = (typeof TIMETABLE_CONFLICT_KINDS)[number];
/**
 * Why the timetable no longer wants a session as it is: its rule changed (time, weekday, activity), was archived,
 * or no longer runs on that date (valid_from / valid_until); the venue is closed that day; that date's session is
 * cancelled or changed by an exception; an extra session's exception was archived or changed; its activity or its
 * venue was archived.
 */
export type ConflictReason = (typeof TIMETABLE_CONFLICT_REASONS)[number];

export type PlanActivity = {
  id: number;
  name: string;
  durationMinutes: number;
  capacity: number;
  price: number;
  locationName: string;
  archived: boolean;
};

/** A weekly rule: `weekday` ISO (1 = Monday), `startTime` local 'HH:MM', dates 'YYYY-MM-DD' (inclusive). */
export type PlanRule = {
  id: number;
  activityId: number;
  weekday: number;
  startTime: string;
  durationMinutes: number | null;
  capacity: number | null;
  price: number | null;
  locationName: string | null;
  validFrom: string | null;
  validUntil: string | null;
  archived: boolean;
};

export type PlanException = {
  id: number;
  date: string;
  kind: (typeof TIMETABLE_EXCEPTION_KINDS)[number];
  ruleId: number | null;
  activityId: number | null;
  startTime: string | null;
  durationMinutes: number | null;
  capacity: number | null;
  price: number | null;
  locationName: string | null;
  archived: boolean;
};

/** What a generated session is made of (the columns generation owns). */
export type SessionValues = {
  activityId: number;
  localDate: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  price: number;
  locationName: string;
};

/** A session generated earlier (rule_id or exception_id set): what it is now and what holds it. */
export type ExistingSession = Omit<SessionValues, 'localDate'> & {
  id: number;
  /** The rule's date ('YYYY-MM-DD'); an extra session's exception date. */
  localDate: string | null;
  ruleId: number | null;
  exceptionId: number | null;
  /** Places held by live bookings (booked_count, or the booked rows' places if more). */
  bookedCount: number;
  /** Any booking (cancelled too) or order line refers to it: it cannot be deleted without losing that record. */
  hasHistory: boolean;
  /** Off sale, and by whom (null: on sale). */
  cancelledBy: (typeof SESSION_CANCELLED_BY)[number] | null;
  /** Moved or changed in the staff console (decision 075): the console's, never changed by generation. */
  changedByStaff?: boolean;
};

export type PlanInput = {
  venue: { id: number; timeZone: string; archived: boolean };
  now: Date;
  horizonWeeks: number;
  activities: PlanActivity[];
  rules: PlanRule[];
  exceptions: PlanException[];
  /** The venue's generated sessions from the start of its today on (earlier ones are never looked at). */
  existing: ExistingSession[];
};

export type SessionToCreate = SessionValues & {
  venueId: number;
  ruleId: number | null;
  exceptionId: number | null;
};

export type SessionUpdate = { sessionId: number; set: Partial<SessionValues> };

export type SessionRemoval = { sessionId: number; reason: ConflictReason };

/** A session the timetable takes off sale (`cancel`) or puts back on sale (`restore`): see `planSessions`. */
export type SessionCancellation = { sessionId: number; reason: ConflictReason };

/**
 * A session with bookings that the timetable would move, remove or shrink below its bookings: kept as it is (the
 * capacity of a 'capacity' conflict stays at the places booked) until staff deal with it. `describeConflict`
 * says it in a sentence.
 */
export type TimetableConflict = {
  kind: ConflictKind;
  reason: ConflictReason;
  sessionId: number;
  venueId: number;
  timeZone: string;
  activityId: number;
  activityName: string;
  /** Where and when it is now: venue-local 'YYYY-MM-DD' and 'HH:MM'. */
  localDate: string;
  localTime: string;
  startsAt: Date;
  /** Places booked (more than 0: a session with no live booking takes the change). */
  bookedCount: number;
  hasHistory: boolean;
  /** move: where the timetable would put it now (start null when only the activity changes). */
  wantedStartsAt: Date | null;
  wantedActivityName: string | null;
  /** capacity: the places the timetable would give it. */
  wantedCapacity: number | null;
};

export type SessionPlan = {
  create: SessionToCreate[];
  update: SessionUpdate[];
  remove: SessionRemoval[];
  cancel: SessionCancellation[];
  restore: number[];
  conflicts: TimetableConflict[];
};
