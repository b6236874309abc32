// Seed (before the server starts: PGlite is one process's): a client, a rush venue (SESSIONS sessions × PLACES
// places, 3 days out), two timetable venues (4 and 40 sessions a day for 14 days) and a member with
// HISTORY_ORDERS orders.
import * as schema from '../../apps/api/src/db/schema.ts';
import { DEMO_FOOTER_HTML, DEMO_THEME } from '../../apps/api/src/db/seed-data.ts';
import { addDays, formatIso, instantAt, localDateOf } from '../../apps/api/src/lib/local-date.ts';
import { hashToken } from '../../apps/api/src/lib/tokens.ts';
import { HISTORY_ORDERS, HISTORY_TOKEN, PLACES, SESSIONS } from './config.mjs';
import { random } from './processes.mjs';

const ACTIVITIES = [
  ['Spin', 'Cycling', 'Studio 1', 650, 20, 45],
  ['Yoga', 'Mind & Body', 'Studio 2', 700, 18, 60],
  ['Pilates', 'Mind & Body', 'Studio 2', 700, 16, 50],
  ['Body Pump', 'Strength', 'Studio 1', 650, 25, 55],
  ['HIIT', 'Cardio', 'Studio 3', 600, 20, 30],
  ['Badminton Court', 'Court Hire', 'Sports Hall', 1200, 4, 60],
  ['Squash Court', 'Court Hire', 'Court 2', 1000, 2, 40],
  ['Aqua Fit', 'Aquatics', 'Main Pool', 550, 30, 45],
  ['Lane Swimming', 'Aquatics', 'Main Pool', 450, 40, 60],
  ['Adult Swimming Lessons', 'Swimming Lessons', 'Learner Pool', 900, 8, 30],
];

export async function seed(db, now) {
  const rand = random(42);
  const [client] = await db
    .insert(schema.clients)
    .values({
      slug: 'bench',
      name: 'Bench Leisure',
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: true,
      },
      supportEmail: 'bench@fieldhouse.test',
      theme: DEMO_THEME,
      footerHtml: DEMO_FOOTER_HTML,
    })
    .returning();
  const venue = (slug, name) => ({
    clientId: client.id,
    slug,
    name,
    address1: '1 High Street',
    town: 'Leeds',
    postcode: 'LS1 1AA',
    lat: 53.8,
    lng: -1.55,
    bookingWindowDays: 7,
  });
  const [rushVenue, light, busy] = await db
    .insert(schema.venues)
    .values([
      venue('rush', 'Rush Leisure Centre'),
      venue('timetable-4', 'Four a Day'),
      venue('timetable-40', 'Forty a Day'),
    ])
    .returning();
  const [rushActivity] = await db
    .insert(schema.activities)
    .values({
      venueId: rushVenue.id,
      name: 'Rush Spin',
      category: 'Cycling',
      locationName: 'Studio 1',
      price: 650,
      capacity: PLACES,
      durationMinutes: 45,
    })
    .returning();
  const firstRush = new Date(now.getTime() + 3 * 86_400_000);
  const rushSessions = await db
    .insert(schema.activitySessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => {
        const startsAt = new Date(firstRush.getTime() + i * 15 * 60_000);
        return {
          activityId: rushActivity.id,
          venueId: rushVenue.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 45 * 60_000),
          capacity: PLACES,
          price: 650,
          locationName: 'Studio 1',
        };
      }),
    )
    .returning({ id: schema.activitySessions.id });

  const today = localDateOf(now);
  for (const [v, perDay] of [
    [light, 4],
    [busy, 40],
  ]) {
    const activities = await db
      .insert(schema.activities)
      .values(
        ACTIVITIES.map(([name, category, locationName, price, capacity, durationMinutes]) => ({
          venueId: v.id,
          name,
          description: `${name} at ${v.name}`,
          category,
          locationName,
          price,
          capacity,
          durationMinutes,
        })),
      )
      .returning();
    const rows = [];
    for (let d = 0; d < 14; d++) {
      const day = addDays(today, d);
      for (let n = 0; n < perDay; n++) {
        const a = activities[n % activities.length];
        const minutes = 6 * 60 + Math.floor((n * 15 * 60) / perDay);
        const startsAt = instantAt(day, { hour: Math.floor(minutes / 60), minute: minutes % 60 });
        rows.push({
          activityId: a.id,
          venueId: v.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + a.durationMinutes * 60_000),
          capacity: a.capacity,
          bookedCount: rand() < 0.35 ? Math.floor(rand() * a.capacity) : 0,
          price: a.price,
          locationName: a.locationName,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(schema.activitySessions).values(rows.slice(i, i + 500));
  }

  // A member with a long order history (GET /api/orders, paged), logged in with a known session token.
  const [history] = await db
    .insert(schema.customers)
    .values({
      clientId: client.id,
      reference: 'FH900001',
      email: 'history@bench.test',
      firstName: 'Long',
      lastName: 'History',
      passwordHash: 'scrypt$16384$8$1$none$none',
      termsAcceptedAt: now,
    })
    .returning();
  await db.insert(schema.authSessions).values({
    customerId: history.id,
    tokenHash: hashToken(HISTORY_TOKEN),
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  const [anySession] = await db
    .select({ id: schema.activitySessions.id })
    .from(schema.activitySessions)
    .limit(1);
  await db.execute(`with o as (
      insert into orders (customer_id, total, payment_type, created_at)
      select ${history.id}, 650 + n, 'card', now() - n * interval '1 hour' from generate_series(1, ${HISTORY_ORDERS}) n
      returning id, total)
    insert into order_items (order_id, kind, name, price, activity_session_id)
      select id, 'activity', 'Spin', total, ${anySession.id} from o`);
  return {
    clientId: client.id,
    rushSessionIds: rushSessions.map((s) => s.id),
    today: formatIso(today),
  };
}
