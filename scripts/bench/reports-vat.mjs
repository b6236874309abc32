#!/usr/bin/env node
// `node --import tsx scripts/bench/reports-vat.mjs [--orders 1000000] [--venues 250] [--keep]` (decision 082):
// the VAT summary at scale on PostgreSQL (BENCH_DATABASE_URL's server, else 127.0.0.1:5432). In a fresh database
// (dropped afterwards unless --keep), set-based: an operator with N venues, 50,000 customers, M orders over the 12
// months to 2026-11-30 spread evenly over the venues, 1.5 lines an order (standard, exempt, reduced and zero mixed),
// a refund on one order in 20. Then, for October 2026 (all venues, one venue): findVatSummary (the service, as the
// route calls it) next to the same two statements run alone, p50/p95 of 20 runs each, and their plans.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { periodBounds } from '../../apps/api/src/services/reports/period.ts';
import { findVatSummary } from '../../apps/api/src/services/reports/vat.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ORDERS = Number(arg('orders', 1_000_000));
const VENUES = Number(arg('venues', 250));
const RUNS = Number(arg('runs', 20));
const REUSE = arg('reuse', null);
const KEEP = process.argv.includes('--keep') || REUSE !== null;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = REUSE ?? `fh_vat_bench_${process.pid}`;
const urlOf = (db) => {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
};

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (!REUSE) await admin.query(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
const raw = new pg.Client({ connectionString: urlOf(name) });
/** Runs a generation step, unless a reused database already holds its rows (`--reuse <name>`). */
const timed = async (label, text, table) => {
  if (REUSE && table && (await raw.query(`select exists (select 1 from ${table}) as done`)).rows[0].done)
    return;
  const t0 = performance.now();
  await raw.query(text);
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};
try {
  if (!REUSE) await database.migrate();
  await raw.connect();
  await timed(
    'operator and venues',
    `insert into clients (slug, name, support_email, theme, features, footer_html)
       values ('bench', 'Bench Leisure', 'a@b.c', '{}'::jsonb, '{}'::jsonb, '');
     insert into venues (client_id, slug, name, address1, town, postcode, lat, lng)
       select 1, 'v' || g, 'Venue ' || lpad(g::text, 3, '0'), '1 Street', 'Town', 'LS1 1AA', 53.8, -1.5
       from generate_series(1, ${VENUES}) g;`,
    'venues',
  );
  await timed(
    'customers (50,000)',
    `insert into customers (client_id, first_name, last_name, email, reference, home_venue_id, password_hash)
       select 1, 'First', 'Last', 'c' || g || '@bench.test', 'FH' || (100000 + g), 1 + g % ${VENUES}, 'x'
       from generate_series(1, 50000) g;`,
    'customers',
  );
  await timed(
    `orders (${ORDERS.toLocaleString('en-GB')})`,
    `insert into orders (customer_id, total, payment_type, created_at, venue_id)
       select 1 + g % 50000, 0, 'Card',
         timestamptz '2025-12-01 00:00:00+00' + (g::float8 / ${ORDERS}) * interval '365 days',
         1 + ((g::bigint * 7919) % ${VENUES})::int
       from generate_series(1, ${ORDERS}) g;`,
    'orders',
  );
  await timed(
    'order lines (1.5 an order)',
    `insert into order_items (order_id, kind, name, price, vat_treatment, vat_rate)
       select o.id, 'activity', 'Line', 300 + (o.id * 37 + n * 11) % 2000,
         (array['standard','standard','standard','exempt','reduced','zero'])[1 + (o.id + n) % 6],
         (array[2000,2000,2000,0,500,0])[1 + (o.id + n) % 6]
       from orders o cross join generate_series(1, 2) n
       where n = 1 or o.id % 2 = 0;
     update orders o set total = s.total from (select order_id, sum(price) total from order_items group by 1) s
       where s.order_id = o.id;`,
    'order_items',
  );
  // Statistics before the refunds: without them the planner walks order_items for each refunded order.
  await timed('analyse', 'analyze');
  await timed(
    'refunds (one order in 20)',
    `insert into refunds (customer_id, order_id, order_item_id, tender, destination, amount, status, reason,
                          idempotency_key, created_at)
       select o.customer_id, o.id, oi.id, 'cash', 'cash', greatest(1, oi.price / 2), 'succeeded', 'Bench',
         'bench-' || oi.id, o.created_at + interval '2 days'
       from orders o join lateral (select id, price from order_items where order_id = o.id order by id limit 1) oi on true
       where o.id % 20 = 0;`,
    'refunds',
  );
  await timed('analyse again', 'analyze');

  const venues = (await raw.query('select id, name from venues order by name')).rows;
  const scopeOf = (venueId) => ({
    from: '2026-10-01',
    to: '2026-10-31',
    timeZone: 'Europe/London',
    ...periodBounds('2026-10-01', '2026-10-31', 'Europe/London'),
    venueId,
    venueIds: venueId ? [venueId] : venues.map((v) => v.id),
    venues: venueId ? venues.filter((v) => v.id === venueId) : venues,
    venueOptions: venues,
  });
  const stats = (ms) => {
    const s = [...ms].sort((a, b) => a - b);
    const at = (p) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
    return `p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms`;
  };
  const start = `(('2026-10-01')::date)::timestamp at time zone 'Europe/London'`;
  const end = `(('2026-10-31')::date + 1)::timestamp at time zone 'Europe/London'`;
  const salesSql = (venue) =>
    `select oi.vat_treatment, oi.vat_rate, count(*)::int, sum(oi.price)::bigint, sum(oi.vat_amount)::bigint
       from orders o join order_items oi on oi.order_id = o.id
       where o.venue_id = any('{${venue ?? venues.map((v) => v.id).join(',')}}'::int[])
         and o.created_at >= ${start} and o.created_at < ${end}
       group by 1, 2`;
  const refundsSql = (venue) =>
    `select coalesce(li.vat_treatment, bi.vat_treatment, 'standard'), coalesce(li.vat_rate, bi.vat_rate, 2000),
         count(*)::int, sum(r.amount)::bigint,
         sum(round(r.amount::numeric * coalesce(li.vat_rate, bi.vat_rate, 2000)
           / (10000 + coalesce(li.vat_rate, bi.vat_rate, 2000))))::bigint
       from refunds r join orders o on o.id = r.order_id
       left join order_items li on li.id = r.order_item_id
       left join lateral (select x.vat_treatment, x.vat_rate from order_items x
         where r.order_item_id is null and x.order_id = r.order_id and x.booking_id = r.booking_id
         order by x.id limit 1) bi on true
       where r.created_at >= ${start} and r.created_at < ${end}
         and o.venue_id = any('{${venue ?? venues.map((v) => v.id).join(',')}}'::int[])
       group by 1, 2`;
  for (const venue of [null, 17]) {
    const label = venue ? 'one venue' : `all ${VENUES} venues`;
    const service = [];
    const alone = [];
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      const summary = await findVatSummary(database.db, 1, scopeOf(venue));
      service.push(performance.now() - t0);
      if (i === 0)
        console.log(
          `${label}: ${summary.totals.sales.lines} lines, VAT ${summary.totals.sales.vat.formatted}`,
        );
      t0 = performance.now();
      await raw.query(salesSql(venue));
      await raw.query(refundsSql(venue));
      alone.push(performance.now() - t0);
    }
    console.log(`October 2026, ${label}: service ${stats(service)}; the same SQL alone ${stats(alone)}`);
    for (const [what, text] of [
      ['sales', salesSql(venue)],
      ['refunds', refundsSql(venue)],
    ]) {
      const plan = await raw.query(`explain (analyze, buffers) ${text}`);
      console.log(`\n-- ${what}, ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    }
  }
} finally {
  await raw.end().catch(() => {});
  await database.close();
  if (!KEEP) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
