import { type ActivitySession, TIMETABLE_MAX_DAYS } from '@fieldhouse/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeRows } from '../../db/references.ts';
import { activitySessions, venues } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import {
  addDays,
  daysBetween,
  formatIso,
  instantAt,
  localDateOf,
  toLocalDate,
} from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { sessionState } from '../../lib/session-state.ts';
import { venueLocalParts } from '../../lib/venue-time.ts';

type VenueRow = typeof venues.$inferSelect;

/** The timetable's date range: venue-local dates, default today and the next 13 days, at most 14 days. */
export function resolveRange(query: { from?: string; to?: string }, now: Date, timeZone: string) {
  const today = localDateOf(now, timeZone);
  const from = query.from ? toLocalDate(query.from) : today;
  const to = query.to ? toLocalDate(query.to) : addDays(from, TIMETABLE_MAX_DAYS - 1);
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw fieldError('to', 'The end date must be on or after the start date.');
  if (days > TIMETABLE_MAX_DAYS) throw fieldError('to', `Choose at most ${TIMETABLE_MAX_DAYS} days.`);
  return {
    from,
    to,
    fromInstant: instantAt(from, { hour: 0, minute: 0 }, timeZone),
    toInstant: instantAt(addDays(to, 1), { hour: 0, minute: 0 }, timeZone),
  };
}

/**
 * The caller's personal facts, computed in the same statement (no N+1): booked and in-basket through hashed
 * sub-plans over the caller's own rows, the waitlist entry and its 1-based position through index look-ups.
 * Only one session (`findSession`) is read this way; a range goes through `findMyTimetable`.
 */
function personalFields(customerId: number) {
  return sql`,
    'bookedByCaller', s.id in (select b.activity_session_id from bookings b where b.customer_id = ${customerId} and b.status <> 'cancelled'),
    'inBasket', s.id in (select ci.session_id from cart_items ci join carts c on c.id = ci.cart_id where c.customer_id = ${customerId} and c.status = 'open' and ci.session_id is not null),
    'waitlistEntryId', (select w.id from waitlist_entries w where w.customer_id = ${customerId} and w.activity_session_id = s.id and w.status = 'waiting'),
    'waitlistPosition', (select count(*) from waitlist_entries mine join waitlist_entries q on q.activity_session_id = mine.activity_session_id and q.status = 'waiting' and (q.created_at < mine.created_at or (q.created_at = mine.created_at and q.id <= mine.id)) where mine.customer_id = ${customerId} and mine.activity_session_id = s.id and mine.status = 'waiting')`;
}

type SessionRow = {
  id: number;
  activityId: number;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  bookedCount: number;
  price: number;
  locationName: string;
  name: string;
  description: string | null;
  category: string;
  requiresWaiver: boolean;
  cancelledAt: number | null;
  cancellationReason: string | null;
  bookedByCaller?: boolean;
  inBasket?: boolean;
  waitlistEntryId?: number | null;
  waitlistPosition?: number;
};

type JsonSessionRow = Omit<SessionRow, 'startsAt' | 'endsAt' | 'cancelledAt'> & {
  startsAt: number;
  endsAt: number;
  cancelledAt: number | null;
};

/**
 * One statement for the whole range. The rows come back as one JSON array: PGlite turns a single JSON value into
 * JavaScript several times faster than hundreds of rows (measured by npm run bench).
 */
async function selectSessions(db: DbOrTx, where: SQL, customerId: number | null): Promise<SessionRow[]> {
  const rows = await executeRows<{ sessions: JsonSessionRow[] | string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_object(
      'id', s.id,
      'activityId', s.activity_id,
      'startsAt', (extract(epoch from s.starts_at) * 1000)::bigint,
      'endsAt', (extract(epoch from s.ends_at) * 1000)::bigint,
      'capacity', s.capacity,
      'bookedCount', s.booked_count,
      'price', s.price,
      'locationName', s.location_name,
      'name', a.name,
      'description', a.description,
      'category', a.category,
      'requiresWaiver', a.requires_waiver,
      'cancelledAt', (extract(epoch from s.cancelled_at) * 1000)::bigint,
      'cancellationReason', s.cancellation_reason
      ${customerId === null ? sql`` : personalFields(customerId)}
    ) order by s.starts_at, s.id), '[]'::json) as sessions
    from activity_sessions s
    join activities a on a.id = s.activity_id
    where ${where}`,
  );
  const raw = rows[0]?.sessions ?? [];
  const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as JsonSessionRow[];
  return list.map((r) => ({
    ...r,
    startsAt: new Date(Number(r.startsAt)),
    endsAt: new Date(Number(r.endsAt)),
    cancelledAt: r.cancelledAt === null ? null : Number(r.cancelledAt),
  }));
}

function localTime(instant: Date, timeZone: string) {
  const parts = venueLocalParts(instant, timeZone);
  return { raw: instant.toISOString(), local: parts.local, date: parts.date, time: parts.time };
}

function toSessionWire(row: SessionRow, venue: VenueRow, now: Date): ActivitySession {
  const bookedByCaller = Boolean(row.bookedByCaller);
  const { state, releasesAt } = sessionState(
    {
      startsAt: row.startsAt,
      capacity: row.capacity,
      bookedCount: row.bookedCount,
      bookedByCaller,
      cancelledAt: row.cancelledAt === null ? null : new Date(row.cancelledAt),
    },
    now,
    venue.bookingWindowDays,
  );
  const minutes = Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
  return {
    id: row.id,
    activity_id: row.activityId,
    name: row.name,
    description: row.description,
    category: { name: row.category },
    location_name: row.locationName,
    venue: { id: venue.id, slug: venue.slug, name: venue.name },
    starts_at: localTime(row.startsAt, venue.timeZone),
    ends_at: localTime(row.endsAt, venue.timeZone),
    duration: `${minutes}min`,
    duration_minutes: minutes,
    price: toMoney(row.price),
    capacity: row.capacity,
    places_left: row.cancelledAt === null ? Math.max(0, row.capacity - row.bookedCount) : 0,
    state,
    releases_at: releasesAt?.toISOString() ?? null,
    in_basket: Boolean(row.inBasket),
    waitlist_position: row.waitlistEntryId ? Number(row.waitlistPosition) : null,
    waitlist_entry_id: row.waitlistEntryId ?? null,
    requires_waiver: row.requiresWaiver,
    cancellation_reason: row.cancelledAt === null ? null : row.cancellationReason,
  };
}

async function findVenueBySlug(db: DbOrTx, clientId: number, slug: string) {
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.slug, slug)))
    .limit(1);
  if (!venue) throw notFound();
  return venue;
}

/**
 * GET /api/venues/:slug/sessions: two queries (venue, sessions). The reply is the same for every caller (a guest's
 * states), so it is shared (decision 061); a member's own facts are `findMyTimetable`.
 */
export async function findTimetable(
  db: DbOrTx,
  input: {
    clientId: number;
    slug: string;
    query: { from?: string; to?: string; category?: string };
    now: Date;
  },
) {
  const venue = await findVenueBySlug(db, input.clientId, input.slug);
  const range = resolveRange(input.query, input.now, venue.timeZone);
  const rows = await selectSessions(
    db,
    sql`s.venue_id = ${venue.id} and s.starts_at >= ${range.fromInstant.toISOString()}::timestamptz and s.starts_at < ${range.toInstant.toISOString()}::timestamptz`,
    null,
  );
  const categories = [...new Set(rows.map((r) => r.category))].sort((a, b) => a.localeCompare(b));
  const wanted = input.query.category?.trim().toLowerCase();
  const sessions = (wanted ? rows.filter((r) => r.category.toLowerCase() === wanted) : rows).map((row) =>
    toSessionWire(row, venue, input.now),
  );
  return {
    venue: { id: venue.id, slug: venue.slug, name: venue.name, time_zone: venue.timeZone },
    from: formatIso(range.from),
    to: formatIso(range.to),
    booking_window_days: venue.bookingWindowDays,
    categories,
    sessions,
  };
}

type MyRow = {
  id: number;
  startsAt: Date | string;
  cancelledAt: Date | string | null;
  capacity: number;
  bookedCount: number;
  bookedByCaller: boolean;
  inBasket: boolean;
  waitlistEntryId: number | null;
  waitlistPosition: number | string | null;
};

/**
 * GET /api/venues/:slug/sessions/mine: the member's own facts over the timetable's range, only where they have
 * something. Two queries (venue; then one statement that starts from the member's own rows: live bookings through
 * bookings_one_live_per_session, the open basket's session lines through carts_one_open_per_customer, waiting
 * entries through waitlist_one_live_entry, each session by its key and kept when it is this venue's and in the range;
 * a waitlist place is counted on waitlist_session_queue_idx). Its cost follows the member's rows, not the venue's
 * timetable. The state is `sessionState`'s, as the timetable and checkout use.
 */
export async function findMyTimetable(
  db: DbOrTx,
  input: {
    clientId: number;
    slug: string;
    query: { from?: string; to?: string };
    customerId: number;
    now: Date;
  },
) {
  const venue = await findVenueBySlug(db, input.clientId, input.slug);
  const range = resolveRange(input.query, input.now, venue.timeZone);
  const customerId = input.customerId;
  const rows = await executeRows<MyRow>(
    db,
    sql`
    select s.id, s.starts_at as "startsAt", s.cancelled_at as "cancelledAt", s.capacity, s.booked_count as "bookedCount",
      m.booked as "bookedByCaller", m.in_basket as "inBasket", m.waitlist_entry_id as "waitlistEntryId",
      case when w.id is null then null else (select count(*) from waitlist_entries q
        where q.activity_session_id = s.id and q.status = 'waiting'
          and (q.created_at < w.created_at or (q.created_at = w.created_at and q.id <= w.id))) end as "waitlistPosition"
    from (
      select mine.session_id, bool_or(mine.kind = 'booked') as booked, bool_or(mine.kind = 'basket') as in_basket,
        max(mine.waitlist_entry_id) as waitlist_entry_id
      from (
        select b.activity_session_id as session_id, 'booked' as kind, null::integer as waitlist_entry_id
          from bookings b where b.customer_id = ${customerId} and b.status <> 'cancelled'
        union all
        select ci.session_id, 'basket', null
          from carts c join cart_items ci on ci.cart_id = c.id
          where c.customer_id = ${customerId} and c.status = 'open' and ci.session_id is not null
        union all
        select w.activity_session_id, 'waitlist', w.id
          from waitlist_entries w where w.customer_id = ${customerId} and w.status = 'waiting'
      ) mine
      group by mine.session_id
    ) m
    join activity_sessions s on s.id = m.session_id
    left join waitlist_entries w on w.id = m.waitlist_entry_id
    where s.venue_id = ${venue.id}
      and s.starts_at >= ${range.fromInstant.toISOString()}::timestamptz
      and s.starts_at < ${range.toInstant.toISOString()}::timestamptz
    order by s.starts_at, s.id`,
  );
  return {
    from: formatIso(range.from),
    to: formatIso(range.to),
    sessions: rows.map((row) => {
      const startsAt = new Date(row.startsAt);
      const { state, releasesAt } = sessionState(
        {
          startsAt,
          capacity: row.capacity,
          bookedCount: row.bookedCount,
          bookedByCaller: Boolean(row.bookedByCaller),
          cancelledAt: row.cancelledAt === null ? null : new Date(row.cancelledAt),
        },
        input.now,
        venue.bookingWindowDays,
      );
      return {
        id: row.id,
        state,
        releases_at: releasesAt?.toISOString() ?? null,
        in_basket: Boolean(row.inBasket),
        waitlist_position: row.waitlistEntryId ? Number(row.waitlistPosition) : null,
        waitlist_entry_id: row.waitlistEntryId ?? null,
      };
    }),
  };
}

/** GET /api/sessions/:id: one session with the caller's facts (personal, not shared). */
export async function findSession(
  db: DbOrTx,
  input: { clientId: number; sessionId: number; customerId: number | null; now: Date },
): Promise<ActivitySession> {
  const [row] = await selectSessions(db, sql`s.id = ${input.sessionId}`, input.customerId);
  if (!row) throw notFound();
  const [venue] = await db
    .select()
    .from(venues)
    .innerJoin(activitySessions, eq(activitySessions.venueId, venues.id))
    .where(and(eq(activitySessions.id, input.sessionId), eq(venues.clientId, input.clientId)))
    .limit(1);
  if (!venue) throw notFound();
  return toSessionWire(row, venue.venues, input.now);
}
