import type {
  AttendanceFigures,
  AttendanceGroup,
  AttendanceReport,
  AttendanceRow,
} from '@fieldhouse/contract/reports-attendance';
import { TIME_OF_DAY_BANDS } from '@fieldhouse/contract/reports-attendance';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import { paginate } from '../../lib/pagination.ts';

/**
 * The attendance and utilisation report (issue 37 item 5, decision 084), as set-based SQL grouped in the database.
 *
 * A period is venue-local calendar days `from`–`to` inclusive: each venue's own bounds, midnight to midnight in its
 * time zone (`(date)::timestamp at time zone venues.time_zone`), so a day is right across the clock changes. The
 * sessions are read per venue on activity_sessions_venue_start_idx (venue_id, starts_at) and their bookings on
 * bookings_session_idx; the check-ins on check_ins_venue_idx (venue_id, at).
 *
 * Definitions (decision 084):
 * - a session **run**: started in the period and not cancelled (cancelled_at null);
 * - **places offered**: the run sessions' capacity; **places sold**: the places of their bookings not cancelled;
 * - **fill rate**: sold ÷ offered;
 * - a sold place is **attended** when its booking is marked attended (attended true; or unmarked with status
 *   'attended'), a **no-show** when marked not attended (attended false; or unmarked with status 'no_show'), else
 *   **not marked**; a booking's mark counts for all its places;
 * - **time of day** by the venue-local start hour: morning before 12:00, afternoon 12:00–17:00, evening from 17:00;
 *   weekdays ISO (1 Monday … 7 Sunday); hours 0–23;
 * - **check-ins**: desk check-ins in the period, whatever the verdict, by venue, hour, weekday or time of day.
 */
export interface AttendanceInput {
  clientId: number;
  /** Venue-local days, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** The venues the report covers: the caller's scope, narrowed to the venue asked for. */
  venueIds: number[] | 'all';
  group: AttendanceGroup;
}

type FigureRow = {
  sessions: number | string | null;
  places_offered: number | string | null;
  places_sold: number | string | null;
  bookings: number | string | null;
  attended: number | string | null;
  no_show: number | string | null;
  check_ins: number | string | null;
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const two = (n: number) => String(n).padStart(2, '0');

/** The group keys that exist whatever the data (time of day, weekday, hour), in order, with their labels. */
const FIXED_KEYS: Partial<Record<AttendanceGroup, { key: number; label: string }[]>> = {
  time_of_day: TIME_OF_DAY_BANDS.map((band, i) => ({ key: i + 1, label: band.label })),
  weekday: WEEKDAYS.map((label, i) => ({ key: i + 1, label })),
  hour: Array.from({ length: 24 }, (_, h) => ({ key: h, label: `${two(h)}:00–${two((h + 1) % 24)}:00` })),
};

/** The group key of a venue-local timestamp. */
function keyOf(group: AttendanceGroup, local: SQL): SQL {
  switch (group) {
    case 'hour':
      return sql`extract(hour from ${local})::int`;
    case 'weekday':
      return sql`extract(isodow from ${local})::int`;
    case 'time_of_day':
      return sql`(case when extract(hour from ${local}) < 12 then 1 when extract(hour from ${local}) < 17 then 2 else 3 end)`;
    default:
      throw new Error(`No time key for ${group}`);
  }
}

/**
 * The statement's common part: the venues in scope with their own bounds (`v`), the sessions run (`s`), and each
 * session's sold, attended and no-show places (`b`).
 */
function periodCtes(input: AttendanceInput): SQL {
  const scope =
    input.venueIds === 'all'
      ? sql``
      : input.venueIds.length
        ? sql` and id in (${sql.join(
            input.venueIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql` and false`;
  return sql`with v as (
      select id, name, time_zone,
        ((${input.from}::date)::timestamp at time zone time_zone) as lo,
        ((${input.to}::date + 1)::timestamp at time zone time_zone) as hi
      from venues where client_id = ${input.clientId}${scope}
    ),
    s as (
      select s.id, s.activity_id, s.venue_id, s.capacity, (s.starts_at at time zone v.time_zone) as local_start
      from v join activity_sessions s on s.venue_id = v.id and s.starts_at >= v.lo and s.starts_at < v.hi
      where s.cancelled_at is null
    ),
    b as (
      select b.activity_session_id as session_id,
        sum(b.places) as places_sold,
        count(*) as bookings,
        sum(b.places) filter (where b.attended is true or (b.attended is null and b.status = 'attended')) as attended,
        sum(b.places) filter (where b.attended is false or (b.attended is null and b.status = 'no_show')) as no_show
      from bookings b
      where b.status <> 'cancelled' and b.activity_session_id in (select id from s)
      group by b.activity_session_id
    ),
    c as (
      select c.venue_id, (c.at at time zone v.time_zone) as local_at
      from v join check_ins c on c.venue_id = v.id and c.at >= v.lo and c.at < v.hi
    )`;
}

const sessionSums = sql`count(*) as sessions, sum(s.capacity) as places_offered,
  coalesce(sum(b.places_sold), 0) as places_sold, coalesce(sum(b.bookings), 0) as bookings,
  coalesce(sum(b.attended), 0) as attended, coalesce(sum(b.no_show), 0) as no_show`;

const n = (value: number | string | null) => Number(value ?? 0);
const ratio = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

function toFigures(row: FigureRow, withCheckIns: boolean): AttendanceFigures {
  const offered = n(row.places_offered);
  const sold = n(row.places_sold);
  const attended = n(row.attended);
  const noShow = n(row.no_show);
  return {
    sessions: n(row.sessions),
    places_offered: offered,
    places_sold: sold,
    bookings: n(row.bookings),
    fill_rate: ratio(sold, offered),
    attended,
    no_show: noShow,
    unmarked: sold - attended - noShow,
    attendance_rate: ratio(attended, attended + noShow),
    check_ins: withCheckIns ? n(row.check_ins) : null,
  };
}

/** The period's totals: one statement. Also how many rows the group has (for its pages). */
async function findTotals(db: DbOrTx, input: AttendanceInput) {
  const [row] = await executeRows<FigureRow & { activities: number | string; venues: number | string }>(
    db,
    sql`${periodCtes(input)}
      select ${sessionSums}, count(distinct s.activity_id) as activities,
        (select count(*) from v) as venues, (select count(*) from c) as check_ins
      from s left join b on b.session_id = s.id`,
  );
  const groups: Record<AttendanceGroup, number> = {
    activity: n(row!.activities),
    venue: n(row!.venues),
    time_of_day: 3,
    weekday: 7,
    hour: 24,
  };
  return { totals: toFigures(row!, true), groupCount: groups[input.group] };
}

type GroupRow = FigureRow & {
  key: number;
  label: string | null;
  venue_id: number | null;
  venue_name: string | null;
};

/** One group's rows, in order, `limit` from `offset` (all of them without a limit): one statement. */
async function findGroupRows(db: DbOrTx, input: AttendanceInput, page?: { offset: number; limit: number }) {
  const window = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  let query: SQL;
  if (input.group === 'activity') {
    query = sql`${periodCtes(input)}
      select a.id as key, a.name as label, v.id as venue_id, v.name as venue_name, g.*, null as check_ins
      from (select s.activity_id, ${sessionSums} from s left join b on b.session_id = s.id group by s.activity_id) g
      join activities a on a.id = g.activity_id
      join v on v.id = a.venue_id
      order by v.name, v.id, a.name, a.id${window}`;
  } else if (input.group === 'venue') {
    query = sql`${periodCtes(input)}
      select v.id as key, v.name as label, null as venue_id, null as venue_name,
        coalesce(g.sessions, 0) as sessions, g.places_offered, g.places_sold, g.bookings, g.attended, g.no_show,
        coalesce(ci.check_ins, 0) as check_ins
      from v
      left join (select s.venue_id, ${sessionSums} from s left join b on b.session_id = s.id group by s.venue_id) g
        on g.venue_id = v.id
      left join (select c.venue_id, count(*) as check_ins from c group by c.venue_id) ci on ci.venue_id = v.id
      order by v.name, v.id${window}`;
  } else {
    const keys = FIXED_KEYS[input.group]!;
    const first = keys[0]!.key;
    const last = keys[keys.length - 1]!.key;
    query = sql`${periodCtes(input)}
      select k.key, null as label, null as venue_id, null as venue_name,
        coalesce(g.sessions, 0) as sessions, g.places_offered, g.places_sold, g.bookings, g.attended, g.no_show,
        coalesce(ci.check_ins, 0) as check_ins
      from generate_series(${first}::int, ${last}::int) as k(key)
      left join (select ${keyOf(input.group, sql`s.local_start`)} as key, ${sessionSums}
        from s left join b on b.session_id = s.id group by 1) g on g.key = k.key
      left join (select ${keyOf(input.group, sql`c.local_at`)} as key, count(*) as check_ins from c group by 1) ci
        on ci.key = k.key
      order by k.key${window}`;
  }
  const rows = await executeRows<GroupRow>(db, query);
  const labels = new Map((FIXED_KEYS[input.group] ?? []).map((k) => [k.key, k.label]));
  return rows.map(
    (r): AttendanceRow => ({
      key: String(r.key),
      label: r.label ?? labels.get(Number(r.key)) ?? String(r.key),
      venue_id: r.venue_id === null ? null : Number(r.venue_id),
      venue_name: r.venue_name,
      ...toFigures(r, input.group !== 'activity'),
    }),
  );
}

/** The report: the period's totals and one page of the group's rows. */
export async function findAttendanceReport(
  db: DbOrTx,
  input: AttendanceInput & { venueId: number | null; page: number; perPage: number },
): Promise<AttendanceReport> {
  const { totals, groupCount } = await findTotals(db, input);
  const { offset, limit, pagination } = paginate({
    page: input.page,
    perPage: input.perPage,
    totalRecords: groupCount,
  });
  const rows = await findGroupRows(db, input, { offset, limit });
  return {
    from: input.from,
    to: input.to,
    venue_id: input.venueId,
    group: input.group,
    totals,
    rows,
    pagination,
  };
}

const GROUP_HEADERS: Record<AttendanceGroup, string> = {
  activity: 'Activity',
  venue: 'Venue',
  time_of_day: 'Time of day',
  weekday: 'Weekday',
  hour: 'Hour',
};

/** Every row of the group as a CSV file (spreadsheet-safe: lib/csv.ts), with the period in its first columns. */
export async function exportAttendanceCsv(db: DbOrTx, input: AttendanceInput) {
  const rows = await findGroupRows(db, input);
  const columns: CsvColumn<AttendanceRow>[] = [
    { header: 'From', kind: 'date', value: () => input.from },
    { header: 'To', kind: 'date', value: () => input.to },
    ...(input.group === 'activity'
      ? [{ header: 'Venue', kind: 'text' as const, value: (r: AttendanceRow) => r.venue_name }]
      : []),
    { header: GROUP_HEADERS[input.group], kind: 'text', value: (r) => r.label },
    { header: 'Sessions', kind: 'integer', value: (r) => r.sessions },
    { header: 'Places offered', kind: 'integer', value: (r) => r.places_offered },
    { header: 'Places sold', kind: 'integer', value: (r) => r.places_sold },
    { header: 'Bookings', kind: 'integer', value: (r) => r.bookings },
    { header: 'Fill rate %', kind: 'percent', value: (r) => r.fill_rate },
    { header: 'Attended', kind: 'integer', value: (r) => r.attended },
    { header: 'No-show', kind: 'integer', value: (r) => r.no_show },
    { header: 'Not marked', kind: 'integer', value: (r) => r.unmarked },
    { header: 'Attendance rate %', kind: 'percent', value: (r) => r.attendance_rate },
    ...(input.group === 'activity'
      ? []
      : [{ header: 'Check-ins', kind: 'integer' as const, value: (r: AttendanceRow) => r.check_ins }]),
  ];
  return {
    filename: `attendance-by-${input.group.replace(/_/g, '-')}-${input.from}-to-${input.to}.csv`,
    csv: toCsv(columns, rows),
  };
}

/**
 * The venues a report covers: the caller's scope, narrowed to `venueId` when one is asked for. Null when that venue
 * is not the client's or not in the caller's scope (the route answers 404, never another venue's figures).
 */
export async function scopeReportVenues(
  db: DbOrTx,
  input: { clientId: number; scope: number[] | 'all'; venueId?: number | null },
): Promise<number[] | 'all' | null> {
  if (input.venueId == null) return input.scope;
  if (input.scope !== 'all' && !input.scope.includes(input.venueId)) return null;
  const [venue] = await executeRows<{ id: number }>(
    db,
    sql`select id from venues where id = ${input.venueId} and client_id = ${input.clientId}`,
  );
  return venue ? [input.venueId] : null;
}
