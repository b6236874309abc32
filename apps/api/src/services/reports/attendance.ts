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
import { periodReply, type ReportScope } from './period.ts';

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
 * The statement's common part: the venues in scope with their own bounds (`v`); the sessions run, each with its
 * sold, attended and no-show places (`s`); the check-ins (`c`). Sessions and check-ins are read venue by venue
 * (`offset 0` keeps each lateral read a range scan of its venue's index, which PostgreSQL otherwise flattens into
 * one hash join over every session of the operator), and each session's bookings through bookings_session_idx.
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
      select s.id, s.activity_id, s.venue_id, s.capacity, (s.starts_at at time zone v.time_zone) as local_start,
        bk.places_sold, bk.bookings, bk.attended, bk.no_show
      from v
      cross join lateral (select s.id, s.activity_id, s.venue_id, s.capacity, s.starts_at from activity_sessions s
        where s.venue_id = v.id and s.starts_at >= v.lo and s.starts_at < v.hi and s.cancelled_at is null offset 0) s
      cross join lateral (select coalesce(sum(b.places), 0) as places_sold, count(*) as bookings,
          coalesce(sum(b.places) filter (where b.attended is true or (b.attended is null and b.status = 'attended')), 0)
            as attended,
          coalesce(sum(b.places) filter (where b.attended is false or (b.attended is null and b.status = 'no_show')), 0)
            as no_show
        from bookings b where b.activity_session_id = s.id and b.status <> 'cancelled') bk
    ),
    c as (
      select c.venue_id, (c.at at time zone v.time_zone) as local_at
      from v cross join lateral (select c.venue_id, c.at from check_ins c
        where c.venue_id = v.id and c.at >= v.lo and c.at < v.hi offset 0) c
    )`;
}

/** The group key of a row of `s` or `c` (an activity or venue id, a band, a weekday, an hour). */
function groupKey(group: AttendanceGroup, local: SQL): SQL {
  if (group === 'activity') return sql`activity_id`;
  if (group === 'venue') return sql`venue_id`;
  return keyOf(group, local);
}

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

type GroupRow = FigureRow & {
  is_total: boolean;
  key: number | null;
  label: string | null;
  venue_id: number | null;
  venue_name: string | null;
  group_count: number | string;
};

/**
 * One statement: the period's totals (the grouping set `()`), how many rows the group has, and the group's rows in
 * order, `limit` from `offset` (every row without a limit). The sessions and check-ins are read once.
 */
async function findGroupRows(db: DbOrTx, input: AttendanceInput, page?: { offset: number; limit: number }) {
  const window = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  const key = groupKey(input.group, sql`local_start`);
  // A check-in is not for an activity: the activity grouping has none.
  const checkInKey = input.group === 'activity' ? sql`null` : groupKey(input.group, sql`local_at`);
  const figures = sql`g.sessions, g.places_offered, g.places_sold, g.bookings, g.attended, g.no_show`;
  let rows: SQL;
  let groupCount: SQL;
  if (input.group === 'activity') {
    rows = sql`select false as is_total, a.id as key, a.name as label, v.id as venue_id, v.name as venue_name,
        ${figures}, null::bigint as check_ins, row_number() over (order by v.name, v.id, a.name, a.id) as ord
      from g join activities a on a.id = g.k join v on v.id = a.venue_id
      where not g.is_total
      order by ord${window}`;
    groupCount = sql`(select count(*) from g where not g.is_total)`;
  } else if (input.group === 'venue') {
    rows = sql`select false as is_total, v.id as key, v.name as label, null::int as venue_id, null::text as venue_name,
        coalesce(g.sessions, 0) as sessions, g.places_offered, g.places_sold, g.bookings, g.attended, g.no_show,
        coalesce(ci.check_ins, 0) as check_ins, row_number() over (order by v.name, v.id) as ord
      from v
      left join g on g.k = v.id and not g.is_total
      left join ci on ci.k = v.id
      order by ord${window}`;
    groupCount = sql`(select count(*) from v)`;
  } else {
    const keys = FIXED_KEYS[input.group]!;
    rows = sql`select false as is_total, k.key, null::text as label, null::int as venue_id, null::text as venue_name,
        coalesce(g.sessions, 0) as sessions, g.places_offered, g.places_sold, g.bookings, g.attended, g.no_show,
        coalesce(ci.check_ins, 0) as check_ins, k.key::bigint as ord
      from generate_series(${keys[0]!.key}::int, ${keys[keys.length - 1]!.key}::int) as k(key)
      left join g on g.k = k.key and not g.is_total
      left join ci on ci.k = k.key
      order by ord${window}`;
    groupCount = sql`${keys.length}`;
  }
  const result = await executeRows<GroupRow>(
    db,
    sql`${periodCtes(input)},
    g as (
      select x.k, grouping(x.k) = 1 as is_total, count(*) as sessions, sum(x.capacity) as places_offered,
        sum(x.places_sold) as places_sold, sum(x.bookings) as bookings, sum(x.attended) as attended,
        sum(x.no_show) as no_show
      from (select ${key} as k, s.* from s) x
      group by grouping sets ((x.k), ())
    ),
    ci as (${
      input.group === 'activity'
        ? sql`select null::int as k, 0::bigint as check_ins where false`
        : sql`select ${checkInKey} as k, count(*) as check_ins from c group by 1`
    }),
    page as (${rows})
    select t.*, ${groupCount} as group_count from (
      select true as is_total, null::int as key, null::text as label, null::int as venue_id, null::text as venue_name,
        ${figures}, (select count(*) from c) as check_ins, -1::bigint as ord
      from g where g.is_total
      union all
      select * from page
    ) t
    order by t.ord`,
  );
  const totalsRow = result.find((r) => r.is_total)!;
  const labels = new Map((FIXED_KEYS[input.group] ?? []).map((k) => [k.key, k.label]));
  return {
    totals: toFigures(totalsRow, true),
    groupCount: n(totalsRow.group_count),
    rows: result
      .filter((r) => !r.is_total)
      .map(
        (r): AttendanceRow => ({
          key: String(r.key),
          label: r.label ?? labels.get(Number(r.key)) ?? String(r.key),
          venue_id: r.venue_id === null ? null : Number(r.venue_id),
          venue_name: r.venue_name,
          ...toFigures(r, input.group !== 'activity'),
        }),
      ),
  };
}

/**
 * The report: the period's totals and one page of the group's rows, in one statement. The page is asked for before
 * the number of rows is known; a page past the end comes back empty with the right totals.
 */
export async function findAttendanceReport(
  db: DbOrTx,
  input: { clientId: number; scope: ReportScope; group: AttendanceGroup; page: number; perPage: number },
): Promise<AttendanceReport> {
  const offset = (input.page - 1) * input.perPage;
  const { totals, groupCount, rows } = await findGroupRows(db, inputOf(input), {
    offset,
    limit: input.perPage,
  });
  const { pagination } = paginate({ page: input.page, perPage: input.perPage, totalRecords: groupCount });
  return { period: periodReply(input.scope), group: input.group, totals, rows, pagination };
}

/** The statement's input from the period and venues `resolveReportScope` settled (each venue's own days in SQL). */
const inputOf = (input: {
  clientId: number;
  scope: ReportScope;
  group: AttendanceGroup;
}): AttendanceInput => ({
  clientId: input.clientId,
  from: input.scope.from,
  to: input.scope.to,
  venueIds: input.scope.venueIds,
  group: input.group,
});

const GROUP_HEADERS: Record<AttendanceGroup, string> = {
  activity: 'Activity',
  venue: 'Venue',
  time_of_day: 'Time of day',
  weekday: 'Weekday',
  hour: 'Hour',
};

/** Every row of the group as a CSV file (spreadsheet-safe: lib/csv.ts), with the period in its first columns. */
export async function exportAttendanceCsv(
  db: DbOrTx,
  report: { clientId: number; scope: ReportScope; group: AttendanceGroup },
) {
  const input = inputOf(report);
  const { rows } = await findGroupRows(db, input);
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
