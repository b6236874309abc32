#!/usr/bin/env node
// Timetable API latency with realistic data: 20 venues × 14 days × 40 sessions, some bookings.
// Run: node --import tsx scripts/bench-timetable.mjs [--requests 300]
// Builds a fresh in-memory PGlite database (and a temporary PostgreSQL database when DATABASE_URL is set or
// 127.0.0.1:5432 answers), starts the real HTTP server on a random port and times GET /api/venues/:slug/sessions
// for one day and for the full 14-day range (anonymous and logged in). Not part of npm test.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import {
  addVenueDays,
  formatVenueDate,
  venueLocalDate,
  venueLocalInstant,
} from '../apps/api/src/lib/venue-time.ts';
import { createSession } from '../apps/api/src/services/auth/sessions.ts';
import { portAnswers } from './lib/test-postgres.mjs';

const VENUES = 20;
const DAYS = 14;
const SESSIONS_PER_DAY = 40;
const argIndex = process.argv.indexOf('--requests');
const REQUESTS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 300;
const WARM_UP = 30;

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

async function insertChunks(db, table, rows, size = 1000, returning) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const query = db.insert(table).values(rows.slice(i, i + size));
    out.push(...(returning ? await query.returning(returning) : await query));
  }
  return out;
}

/** Seeded pseudo-random numbers (same data every run). */
function random(seed) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

async function seed(db, now) {
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
      theme: {},
    })
    .returning();
  const venues = await db
    .insert(schema.venues)
    .values(
      Array.from({ length: VENUES }, (_, i) => ({
        clientId: client.id,
        slug: `venue-${i + 1}`,
        name: `Venue ${i + 1}`,
        address1: `${i + 1} High Street`,
        town: 'Leeds',
        postcode: 'LS1 1AA',
        lat: 53.8,
        lng: -1.55,
        bookingWindowDays: 7,
      })),
    )
    .returning();
  const activities = await db
    .insert(schema.activities)
    .values(
      venues.flatMap((v) =>
        ACTIVITIES.map(([name, category, locationName, price, capacity, durationMinutes]) => ({
          venueId: v.id,
          name,
          description: `${name} at ${v.name}`,
          category,
          locationName,
          price,
          capacity,
          durationMinutes,
          requiresWaiver: name === 'Body Pump',
        })),
      ),
    )
    .returning();
  const today = venueLocalDate(now);
  const sessions = [];
  for (const venue of venues) {
    const own = activities.filter((a) => a.venueId === venue.id);
    for (let d = 0; d < DAYS; d++) {
      const day = addVenueDays(today, d);
      for (let n = 0; n < SESSIONS_PER_DAY; n++) {
        const activity = own[n % own.length];
        const minutes = 6 * 60 + Math.floor((n * (15 * 60)) / SESSIONS_PER_DAY); // 06:00 to 21:00
        const startsAt = venueLocalInstant(day, { hour: Math.floor(minutes / 60), minute: minutes % 60 });
        const booked = rand() < 0.35 ? Math.floor(rand() * (activity.capacity + 1)) : 0;
        sessions.push({
          activityId: activity.id,
          venueId: venue.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + activity.durationMinutes * 60_000),
          capacity: activity.capacity,
          bookedCount: booked,
          price: activity.price,
          locationName: activity.locationName,
        });
      }
    }
  }
  const sessionRows = await insertChunks(db, schema.activitySessions, sessions, 1000, {
    id: schema.activitySessions.id,
    venueId: schema.activitySessions.venueId,
    bookedCount: schema.activitySessions.bookedCount,
  });
  // The logged-in caller: a few bookings, a basket line and a waitlist entry at venue 1.
  const [customer] = await db
    .insert(schema.customers)
    .values({
      clientId: client.id,
      reference: 'FH900001',
      email: 'bench@fieldhouse.test',
      firstName: 'Bench',
      lastName: 'Mark',
      passwordHash: 'scrypt$x',
    })
    .returning();
  const atFirst = sessionRows.filter((s) => s.venueId === venues[0].id);
  await db.insert(schema.bookings).values(
    atFirst
      .slice(5, 200)
      .filter((_, i) => i % 25 === 0)
      .map((s) => ({
        customerId: customer.id,
        activitySessionId: s.id,
        status: 'booked',
        price: 650,
      })),
  );
  const [cart] = await db.insert(schema.carts).values({ customerId: customer.id }).returning();
  await db
    .insert(schema.cartItems)
    .values({ cartId: cart.id, cartableType: 'activity', cartableId: atFirst[50].id });
  const fullOne = atFirst.find((s, i) => i > 60 && s.bookedCount > 0);
  if (fullOne)
    await db
      .insert(schema.waitlistEntries)
      .values({ customerId: customer.id, activitySessionId: fullOne.id });
  const token = await createSession(db, { customerId: customer.id, ttlDays: 1, now });
  return { venues, sessions: sessionRows.length, today: formatVenueDate(today), token };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(url, headers) {
  const times = [];
  let bytes = 0;
  let count = 0;
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
    if (i >= WARM_UP) {
      times.push(ms);
      bytes = body.length;
      count = JSON.parse(body).data.sessions.length;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), bytes, count };
}

async function run(label, database) {
  const now = new Date();
  await database.migrate();
  const seedStarted = performance.now();
  const data = await seed(database.db, now);
  const seedMs = performance.now() - seedStarted;
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO_MODE: 'false' }), demoMode: false };
  const app = await buildApp({ config, database, logger: false, mailSender: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const base = `http://127.0.0.1:${port}`;
  const cookie = { cookie: `fh_session=${data.token}` };
  const rows = [];
  try {
    for (const [name, slug, query, headers] of [
      ['1 day, anonymous', 'venue-1', `from=${data.today}&to=${data.today}`, {}],
      ['14 days, anonymous', 'venue-1', '', {}],
      ['14 days, logged in', 'venue-1', '', cookie],
      ['14 days, anonymous (venue 20)', 'venue-20', '', {}],
    ]) {
      const r = await measure(`${base}/api/venues/${slug}/sessions${query ? `?${query}` : ''}`, headers);
      rows.push({
        scenario: name,
        sessions: r.count,
        kB: (r.bytes / 1024).toFixed(0),
        p50: r.p50,
        p95: r.p95,
        max: r.max,
      });
    }
  } finally {
    await app.close();
  }
  console.log(
    `\n${label}: ${VENUES} venues × ${DAYS} days × ${SESSIONS_PER_DAY} sessions = ${data.sessions} sessions (seeded in ${(seedMs / 1000).toFixed(1)} s); ${REQUESTS} sequential requests each after ${WARM_UP} warm-up`,
  );
  console.table(
    rows.map((r) => ({
      scenario: r.scenario,
      sessions: r.sessions,
      'reply kB': r.kB,
      'p50 ms': r.p50.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
      'max ms': r.max.toFixed(1),
    })),
  );
}

const pglite = await openDatabase({ kind: 'pglite' });
try {
  await run('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}

const explicit = process.env.DATABASE_URL;
const pgUrl =
  explicit ?? ((await portAnswers('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
if (pgUrl) {
  const name = `fh_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await run(`PostgreSQL (${url.host})`, database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('\nNo PostgreSQL (DATABASE_URL unset, nothing on 127.0.0.1:5432): PGlite only.');
}
