import { describe, expect, it } from 'vitest';
import { sessionOf } from '../src/db/factories/programme.ts';
import { type activities, activitySessions, checkIns } from '../src/db/schema.ts';
import {
  createActivity,
  createBooking,
  createClient,
  createCustomer,
  createVenue,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';

/**
 * GET /api/staff/reports/attendance (+ .csv), decision 084: a known week at two venues, Monday 19 – Sunday 25
 * October 2026. British Summer Time ends on Sunday 25 October at 01:00 UTC, so the week's venue-local bounds are
 * 2026-10-18T23:00Z – 2026-10-26T00:00Z: a session at 00:30 on Monday 19th (23:30Z on the 18th) is in it, one at 00:30
 * on Monday 26th (00:30Z) is not; Sunday's 10:00 is 10:00Z (GMT), Saturday's 13:30 is 12:30Z (BST).
 *
 * North Pool: Spin (capacity 10) and Swim lane (capacity 4, up to 4 places a booking). South Pool: Yoga (12).
 *   N1 Spin   Mon 07:00  6 bookings: 3 attended, 1 no-show, 2 not marked (+1 cancelled booking)   sold 6
 *   N2 Spin   Wed 18:00  4 bookings: 2 attended, 2 not marked (+1 cancelled booking)             sold 4
 *   N3 Spin   Thu 12:00  cancelled session (2 cancelled bookings): not run, counts nowhere
 *   N4 Swim   Sat 13:30  1 booking of 3 places, attended                                         sold 3
 *   N5 Swim   Sun 10:00  2 places no-show, 1 place not marked, 1 place status 'attended' unmarked sold 4
 *   N6 Spin   Mon 00:30  no bookings                                                             sold 0
 *   S1 Yoga   Tue 09:00  5 bookings: 4 attended, 1 status 'no_show' unmarked                     sold 5
 *   S2 Yoga   Fri 17:00  3 bookings: 1 no-show, 2 not marked                                     sold 3
 *   outside the week: Spin Sun 18th 23:30 BST, Spin Mon 26th 00:30 GMT (2 bookings each); another operator's session.
 * Check-ins: North Mon 07:10 ×2, Sat 13:00, Sun 10:30 (+ Sun 18th 23:59 and Mon 26th 00:10, outside);
 *   South Tue 08:45, Fri 17:30 ×2, Fri 20:00.
 */
const t = await setupTestDatabase();
const client = await createClient(t.db);
const north = await createVenue(t.db, { clientId: client.id, name: 'North Pool', slug: 'north-pool' });
const south = await createVenue(t.db, { clientId: client.id, name: 'South Pool', slug: 'south-pool' });
const otherClient = await createClient(t.db);
const elsewhere = await createVenue(t.db, { clientId: otherClient.id, name: 'Elsewhere', slug: 'elsewhere' });
const app = await t.buildTestApp();

const customers = await Promise.all(
  Array.from({ length: 7 }, () => createCustomer(t.db, { clientId: client.id, homeVenueId: north.id })),
);
const stranger = await createCustomer(t.db, { clientId: otherClient.id });

async function session(activity: typeof activities.$inferSelect, startsAt: string, cancelled = false) {
  const [row] = await t.db
    .insert(activitySessions)
    .values(
      sessionOf(
        activity,
        new Date(startsAt),
        cancelled ? { cancelledAt: new Date(), cancelledBy: 'staff' } : {},
      ),
    )
    .returning();
  return row!;
}

type Mark = 'attended' | 'no_show' | 'unmarked' | 'cancelled' | 'legacy_attended' | 'legacy_no_show';
async function book(sessionId: number, marks: Mark[], places = 1) {
  for (const [i, mark] of marks.entries()) {
    await createBooking(t.db, {
      customerId: customers[i]!.id,
      sessionId,
      places,
      countPlace: false,
      status:
        mark === 'cancelled'
          ? 'cancelled'
          : mark === 'legacy_attended'
            ? 'attended'
            : mark === 'legacy_no_show'
              ? 'no_show'
              : 'booked',
      attended: mark === 'attended' ? true : mark === 'no_show' ? false : null,
    });
  }
}

const spin = await createActivity(t.db, { venueId: north.id, name: 'Spin', capacity: 10 });
const swim = await createActivity(t.db, {
  venueId: north.id,
  name: 'Swim lane',
  capacity: 4,
  maxPlacesPerBooking: 4,
});
const yoga = await createActivity(t.db, { venueId: south.id, name: 'Yoga', capacity: 12 });
const faraway = await createActivity(t.db, { venueId: elsewhere.id, name: 'Spin', capacity: 30 });

const n1 = await session(spin, '2026-10-19T06:00:00Z');
await book(n1.id, ['attended', 'attended', 'attended', 'no_show', 'unmarked', 'unmarked', 'cancelled']);
const n2 = await session(spin, '2026-10-21T17:00:00Z');
await book(n2.id, ['attended', 'attended', 'unmarked', 'unmarked', 'cancelled']);
const n3 = await session(spin, '2026-10-22T11:00:00Z', true);
await book(n3.id, ['cancelled', 'cancelled']);
const n4 = await session(swim, '2026-10-24T12:30:00Z');
await book(n4.id, ['attended'], 3);
const n5 = await session(swim, '2026-10-25T10:00:00Z');
await createBooking(t.db, {
  customerId: customers[0]!.id,
  sessionId: n5.id,
  places: 2,
  attended: false,
  countPlace: false,
});
await createBooking(t.db, {
  customerId: customers[1]!.id,
  sessionId: n5.id,
  places: 1,
  attended: null,
  countPlace: false,
});
await createBooking(t.db, {
  customerId: customers[2]!.id,
  sessionId: n5.id,
  places: 1,
  status: 'attended',
  attended: null,
  countPlace: false,
});
await session(spin, '2026-10-18T23:30:00Z'); // N6: Monday 00:30 BST, in the week
const before = await session(spin, '2026-10-18T22:30:00Z'); // Sunday 18th 23:30 BST
await book(before.id, ['attended', 'attended']);
const after = await session(spin, '2026-10-26T00:30:00Z'); // Monday 26th 00:30 GMT
await book(after.id, ['attended', 'no_show']);
const s1 = await session(yoga, '2026-10-20T08:00:00Z');
await book(s1.id, ['attended', 'attended', 'attended', 'attended', 'legacy_no_show']);
const s2 = await session(yoga, '2026-10-23T16:00:00Z');
await book(s2.id, ['no_show', 'unmarked', 'unmarked']);
const far = await session(faraway, '2026-10-20T08:00:00Z');
await createBooking(t.db, { customerId: stranger.id, sessionId: far.id, attended: true, countPlace: false });

const checkIn = (venueId: number, at: string, customerId = customers[0]!.id) =>
  t.db.insert(checkIns).values({ customerId, venueId, at: new Date(at), allowed: true });
await checkIn(north.id, '2026-10-19T06:10:00Z');
await checkIn(north.id, '2026-10-19T06:10:30Z', customers[1]!.id);
await checkIn(north.id, '2026-10-24T12:00:00Z');
await checkIn(north.id, '2026-10-25T10:30:00Z');
await checkIn(north.id, '2026-10-18T22:59:00Z'); // Sunday 18th 23:59 BST: outside
await checkIn(north.id, '2026-10-26T00:10:00Z'); // Monday 26th 00:10 GMT: outside
await checkIn(south.id, '2026-10-20T07:45:00Z');
await checkIn(south.id, '2026-10-23T16:30:00Z');
await checkIn(south.id, '2026-10-23T16:30:00Z', customers[1]!.id);
await checkIn(south.id, '2026-10-23T19:00:00Z');
await checkIn(elsewhere.id, '2026-10-20T07:45:00Z', stranger.id);

const WEEK = 'from=2026-10-19&to=2026-10-25';
const admin = await staffSessionFor(t.db, { role: 'administrator' });
const finance = await staffSessionFor(t.db, { role: 'finance' });
const northManager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [north.id] });
const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [north.id] });

async function report(headers: Record<string, string>, query: string) {
  const reply = await app.inject({ method: 'GET', url: `/api/staff/reports/attendance?${query}`, headers });
  return { status: reply.statusCode, body: reply.json() };
}

/** A row's figures in the order: sessions, offered, sold, bookings, attended, no-show, not marked, check-ins. */
const figures = (r: Record<string, unknown>) => [
  r.sessions,
  r.places_offered,
  r.places_sold,
  r.bookings,
  r.attended,
  r.no_show,
  r.unmarked,
  r.check_ins,
];

describe('attendance and utilisation report', () => {
  it('totals the week at every venue: sessions run, places, marks and check-ins', async () => {
    const { status, body } = await report(admin.headers, WEEK);
    expect(status).toBe(200);
    const { totals } = body.data;
    // Sessions run: N1 N2 N4 N5 N6 S1 S2 = 7 (N3 cancelled; two outside the week; another operator's).
    // Offered: 10+10+4+4+10+12+12 = 62. Sold: 6+4+3+4+0+5+3 = 25. Bookings: 6+4+1+3+0+5+3 = 22.
    // Attended: 3+2+3+1(status 'attended')+0+4+0 = 13. No-show: 1+0+0+2+0+1(status 'no_show')+1 = 5.
    // Not marked: 25-13-5 = 7 (2+2+0+1+0+0+2). Check-ins: North 4 + South 4 = 8.
    expect(figures(totals)).toEqual([7, 62, 25, 22, 13, 5, 7, 8]);
    expect(totals.fill_rate).toBe(0.4032); // 25 / 62 = 0.40322…
    expect(totals.attendance_rate).toBe(0.7222); // 13 / 18 = 0.72222…
  });

  it('by activity, in venue then activity order, with no check-ins column', async () => {
    const { body } = await report(finance.headers, `${WEEK}&group=activity`);
    expect(body.data.rows.map((r: { label: string; venue_name: string }) => [r.venue_name, r.label])).toEqual(
      [
        ['North Pool', 'Spin'],
        ['North Pool', 'Swim lane'],
        ['South Pool', 'Yoga'],
      ],
    );
    const [spinRow, swimRow, yogaRow] = body.data.rows;
    // Spin: N1 N2 N6 = 3 sessions, 30 places, sold 6+4+0 = 10 in 10 bookings, attended 3+2 = 5, no-show 1, 4 unmarked.
    expect(figures(spinRow)).toEqual([3, 30, 10, 10, 5, 1, 4, null]);
    expect([spinRow.fill_rate, spinRow.attendance_rate]).toEqual([0.3333, 0.8333]); // 10/30, 5/6
    // Swim lane: N4 N5 = 2 sessions, 8 places, sold 3+4 = 7 in 1+3 bookings, attended 3+1, no-show 2, 1 unmarked.
    expect(figures(swimRow)).toEqual([2, 8, 7, 4, 4, 2, 1, null]);
    expect([swimRow.fill_rate, swimRow.attendance_rate]).toEqual([0.875, 0.6667]); // 7/8, 4/6
    // Yoga: S1 S2 = 2 sessions, 24 places, sold 5+3 = 8, attended 4, no-show 1+1, 2 unmarked.
    expect(figures(yogaRow)).toEqual([2, 24, 8, 8, 4, 2, 2, null]);
    expect(yogaRow.key).toBe(String(yoga.id));
    expect(body.data.pagination).toMatchObject({ total_records: 3, total_pages: 1 });
  });

  it('by venue, with check-ins, a page at a time', async () => {
    const { body } = await report(admin.headers, `${WEEK}&group=venue`);
    // North: N1 N2 N4 N5 N6 = 5 sessions, 10+10+4+4+10 = 38 places, sold 17 in 14 bookings, 9 / 3 / 5, 4 check-ins.
    // South: S1 S2 = 2 sessions, 24 places, sold 8 in 8 bookings, 4 / 2 / 2, 4 check-ins.
    expect(body.data.rows.map((r: Record<string, unknown>) => [r.label, ...figures(r)])).toEqual([
      ['North Pool', 5, 38, 17, 14, 9, 3, 5, 4],
      ['South Pool', 2, 24, 8, 8, 4, 2, 2, 4],
    ]);
    const second = await report(admin.headers, `${WEEK}&group=venue&per_page=1&page=2`);
    expect(second.body.data.rows.map((r: { label: string }) => r.label)).toEqual(['South Pool']);
    expect(second.body.data.pagination).toMatchObject({ current_page: 2, total_pages: 2, total_records: 2 });
    // A page past the end is empty; the totals are the period's still.
    const past = await report(admin.headers, `${WEEK}&group=venue&per_page=1&page=3`);
    expect(past.body.data.rows).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({
      current_page: 3,
      total_records: 2,
      first_record_on_current_page: 0,
    });
    expect(figures(past.body.data.totals)).toEqual([7, 62, 25, 22, 13, 5, 7, 8]);
  });

  it('by time of day, venue-local, across the clock change', async () => {
    const { body } = await report(admin.headers, `${WEEK}&group=time_of_day`);
    expect(body.data.rows.map((r: Record<string, unknown>) => [r.key, r.label, ...figures(r)])).toEqual([
      // Morning: N1 (07:00) N5 (10:00 GMT) N6 (00:30) S1 (09:00): 10+4+10+12 = 36 places, sold 6+4+0+5 = 15 in
      // 6+3+0+5 = 14 bookings, attended 3+1+4 = 8, no-show 1+2+1 = 4, unmarked 2+1 = 3;
      // check-ins Mon 07:10 ×2, Sun 10:30, Tue 08:45 = 4.
      ['1', 'Morning (before 12:00)', 4, 36, 15, 14, 8, 4, 3, 4],
      // Afternoon: N4 (13:30 BST): 4 places, 3 sold in 1 booking, all attended; check-in Sat 13:00.
      ['2', 'Afternoon (12:00–17:00)', 1, 4, 3, 1, 3, 0, 0, 1],
      // Evening: N2 (18:00) S2 (17:00): 22 places, sold 4+3 = 7, attended 2, no-show 1, unmarked 2+2;
      // check-ins Fri 17:30 ×2, 20:00.
      ['3', 'Evening (17:00 onwards)', 2, 22, 7, 7, 2, 1, 4, 3],
    ]);
  });

  it('by weekday and by hour, every day and hour listed', async () => {
    const week = await report(admin.headers, `${WEEK}&group=weekday`);
    expect(week.body.data.rows.map((r: Record<string, unknown>) => [r.label, ...figures(r)])).toEqual([
      ['Monday', 2, 20, 6, 6, 3, 1, 2, 2], // N1 + N6; check-ins 07:10 ×2
      ['Tuesday', 1, 12, 5, 5, 4, 1, 0, 1], // S1; 08:45
      ['Wednesday', 1, 10, 4, 4, 2, 0, 2, 0], // N2
      ['Thursday', 0, 0, 0, 0, 0, 0, 0, 0], // N3 was cancelled
      ['Friday', 1, 12, 3, 3, 0, 1, 2, 3], // S2; 17:30 ×2, 20:00
      ['Saturday', 1, 4, 3, 1, 3, 0, 0, 1], // N4; 13:00
      ['Sunday', 1, 4, 4, 3, 1, 2, 1, 1], // N5 (10:00 GMT); 10:30
    ]);
    expect(week.body.data.rows[3].fill_rate).toBeNull(); // nothing offered on Thursday

    const hours = await report(admin.headers, `${WEEK}&group=hour`);
    const rows = hours.body.data.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(24);
    const byHour = (h: number) => [rows[h]!.label, ...figures(rows[h]!)];
    expect(byHour(0)).toEqual(['00:00–01:00', 1, 10, 0, 0, 0, 0, 0, 0]); // N6 at 00:30, nothing sold
    expect(rows[0]!.fill_rate).toBe(0);
    expect(byHour(7)).toEqual(['07:00–08:00', 1, 10, 6, 6, 3, 1, 2, 2]); // N1; 07:10 ×2
    expect(byHour(8)).toEqual(['08:00–09:00', 0, 0, 0, 0, 0, 0, 0, 1]); // South 08:45
    expect(byHour(10)).toEqual(['10:00–11:00', 1, 4, 4, 3, 1, 2, 1, 1]); // N5 10:00 GMT (not 11:00); 10:30
    expect(byHour(13)).toEqual(['13:00–14:00', 1, 4, 3, 1, 3, 0, 0, 1]); // N4 13:30 BST (not 12:30)
    expect(byHour(17)).toEqual(['17:00–18:00', 1, 12, 3, 3, 0, 1, 2, 2]); // S2; 17:30 ×2
    expect(byHour(20)).toEqual(['20:00–21:00', 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(byHour(23)).toEqual(['23:00–00:00', 0, 0, 0, 0, 0, 0, 0, 0]); // Sunday 18th 23:30 is outside
    // Every hour adds up to the totals: 7 sessions, 25 places sold, 8 check-ins.
    expect(rows.reduce((sum, r) => sum + Number(r.sessions), 0)).toBe(7);
    expect(rows.reduce((sum, r) => sum + Number(r.places_sold), 0)).toBe(25);
    expect(rows.reduce((sum, r) => sum + Number(r.check_ins), 0)).toBe(8);
  });

  it("a centre manager sees only their venues' figures; front desk none", async () => {
    const mine = await report(northManager.headers, `${WEEK}&group=venue`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.rows.map((r: { label: string }) => r.label)).toEqual(['North Pool']);
    // North alone: 5 sessions, 38 places, 17 sold, 14 bookings, 9 attended, 3 no-show, 5 unmarked, 4 check-ins.
    expect(figures(mine.body.data.totals)).toEqual([5, 38, 17, 14, 9, 3, 5, 4]);
    const activities = await report(northManager.headers, `${WEEK}&group=activity`);
    expect(activities.body.data.rows.map((r: { label: string }) => r.label)).toEqual(['Spin', 'Swim lane']);

    expect((await report(northManager.headers, `${WEEK}&venue_id=${south.id}`)).status).toBe(404);
    expect((await report(admin.headers, `${WEEK}&venue_id=${elsewhere.id}`)).status).toBe(404);
    const southOnly = await report(admin.headers, `${WEEK}&venue_id=${south.id}`);
    expect(figures(southOnly.body.data.totals)).toEqual([2, 24, 8, 8, 4, 2, 2, 4]);
    expect(southOnly.body.data.period).toMatchObject({
      venue_id: south.id,
      venues: [{ id: south.id, name: 'South Pool' }],
    });
    // A centre manager's venue filter offers only their venues.
    expect(mine.body.data.period.venue_options).toEqual([{ id: north.id, name: 'North Pool' }]);

    expect((await report(desk.headers, WEEK)).status).toBe(403);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/staff/reports/attendance.csv?${WEEK}`,
      headers: desk.headers,
    });
    expect(csv.statusCode).toBe(403);
    expect((await report({}, WEEK)).status).toBe(401);
  });

  it('refuses a period that ends before it starts, or a bad date, with a field message', async () => {
    const backwards = await report(admin.headers, 'from=2026-10-25&to=2026-10-19');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toEqual(['The last day must be on or after the first day.']);
    const bad = await report(admin.headers, 'from=2026-13-01&to=2026-10-19');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toEqual(['Give a date as YYYY-MM-DD.']);
    const long = await report(admin.headers, 'from=2025-01-01&to=2026-10-19');
    expect(long.body.errors.to).toEqual(['A report covers at most 366 days: choose a shorter period.']);
    expect((await report(admin.headers, `${WEEK}&group=instructor`)).status).toBe(422);
  });

  it('exports every row as a CSV a spreadsheet opens: integers, percentages, ISO dates', async () => {
    const reply = await app.inject({
      method: 'GET',
      url: `/api/staff/reports/attendance.csv?${WEEK}&group=activity`,
      headers: northManager.headers,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      'attachment; filename="attendance-by-activity-2026-10-19-to-2026-10-25.csv"',
    );
    expect(reply.body.split('\r\n')).toEqual([
      '\uFEFFFrom,To,Venue,Activity,Sessions,Places offered,Places sold,Bookings,Fill rate %,Attended,No-show,Not marked,Attendance rate %',
      '2026-10-19,2026-10-25,North Pool,Spin,3,30,10,10,33.3,5,1,4,83.3',
      '2026-10-19,2026-10-25,North Pool,Swim lane,2,8,7,4,87.5,4,2,1,66.7',
      '',
    ]);
    const byDay = await app.inject({
      method: 'GET',
      url: `/api/staff/reports/attendance.csv?${WEEK}&group=weekday`,
      headers: admin.headers,
    });
    const lines = byDay.body.split('\r\n');
    expect(lines[0]).toMatch(/,Weekday,.*,Check-ins$/);
    expect(lines[4]).toBe('2026-10-19,2026-10-25,Thursday,0,0,0,0,,0,0,0,,0');
    expect(lines).toHaveLength(9); // header, 7 days, the final line end
  });
});
