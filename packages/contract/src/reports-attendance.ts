import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, pageFields, pagination } from './common.ts';
import { id } from './fields.ts';
import { checkPeriod, reportPeriod, reportQueryFields } from './reports.ts';

/**
 * The attendance and utilisation report (issue 37 item 5, decision 084): for venue-local days `from`–`to`
 * (inclusive) and one venue or every venue the caller may see, the sessions run, places offered and sold, the fill
 * rate, attended / no-show / not marked, and check-ins, grouped by activity, venue, time of day, weekday or hour.
 * Administrators and finance staff see every venue; centre managers theirs; front desk nothing (403).
 * By instructor is not offered: sessions have no instructor yet (issue 35 left instructors undone).
 */
export const ATTENDANCE_GROUPS = ['activity', 'venue', 'time_of_day', 'weekday', 'hour'] as const;
export type AttendanceGroup = (typeof ATTENDANCE_GROUPS)[number];

export const ATTENDANCE_REPORT_TEXTS = {
  title: 'Attendance and utilisation',
  groupInvalid: 'Group by activity, venue, time of day, weekday or hour.',
  noInstructor: 'By instructor: not available yet, because sessions do not record their instructor.',
} as const;

/** Time-of-day bands by the session's venue-local start hour (decision 084). */
export const TIME_OF_DAY_BANDS = [
  { key: 'morning', label: 'Morning (before 12:00)' },
  { key: 'afternoon', label: 'Afternoon (12:00–17:00)' },
  { key: 'evening', label: 'Evening (17:00 onwards)' },
] as const;

export const ATTENDANCE_PAGE_SIZE = 50;
export const ATTENDANCE_MAX_PAGE_SIZE = 500;
/** The period and venue of every report (reports.ts), and the grouping. */
const filterFields = {
  ...reportQueryFields,
  group: z.enum(ATTENDANCE_GROUPS, ATTENDANCE_REPORT_TEXTS.groupInvalid).default('activity'),
};

/** The period, venue and group of the CSV: every row, no pages. */
export const attendanceFilter = checkPeriod(z.object(filterFields));
export type AttendanceFilter = z.infer<typeof attendanceFilter>;

export const attendanceReportQuery = checkPeriod(
  z.object({ ...filterFields, ...pageFields(ATTENDANCE_PAGE_SIZE, ATTENDANCE_MAX_PAGE_SIZE) }),
);
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuery>;

/** The figures of a group of sessions (or of the whole period). Counts of places unless named otherwise. */
export const attendanceFigures = z.object({
  /** Sessions that started in the period and were not cancelled. */
  sessions: z.number().int(),
  /** Their capacity, summed. */
  places_offered: z.number().int(),
  /** Places of their bookings that were not cancelled. */
  places_sold: z.number().int(),
  /** Bookings (not cancelled); a booking may take several places. */
  bookings: z.number().int(),
  /** places_sold ÷ places_offered (0.75 = 75%); null with no places offered. */
  fill_rate: z.number().nullable(),
  attended: z.number().int(),
  no_show: z.number().int(),
  /** Sold places whose booking nobody marked yet. */
  unmarked: z.number().int(),
  /** attended ÷ (attended + no_show); null when none is marked. */
  attendance_rate: z.number().nullable(),
  /** Check-ins at the desk in the group (null for activities: a check-in is not for an activity). */
  check_ins: z.number().int().nullable(),
});
export type AttendanceFigures = z.infer<typeof attendanceFigures>;

export const attendanceRow = attendanceFigures.extend({
  /** The group's key: an activity or venue id, 'morning'…, ISO weekday 1–7, hour 0–23 (as text). */
  key: z.string(),
  label: z.string().describe("e.g. 'Spin', 'North Pool', 'Morning (before 12:00)', 'Monday', '06:00–07:00'"),
  /** By activity: the activity's venue. */
  venue_id: id.nullable(),
  venue_name: z.string().nullable(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;

export const attendanceReportReply = envelope(
  z.object({
    period: reportPeriod,
    group: z.enum(ATTENDANCE_GROUPS),
    totals: attendanceFigures,
    rows: z.array(attendanceRow),
    pagination,
  }),
);
export type AttendanceReport = z.infer<typeof attendanceReportReply>['data'];

export const reportsAttendanceCalls = {
  /** The report, one group a page at a time (administrators, finance; centre managers: their venues). */
  getAttendanceReport: { query: attendanceReportQuery, reply: attendanceReportReply },
  /** The same group, every row, as a CSV file (no JSON reply: a download). */
  exportAttendanceReport: { query: attendanceFilter },
} as const satisfies Calls;
