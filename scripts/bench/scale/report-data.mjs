// A year of the scale operator's trading for the report bench (issue 37, decision 084), made set-based on
// PostgreSQL (generate_series, INSERT … SELECT; no row at a time), after members.mjs made the members and the last
// eight weeks:
//   - the timetable's sessions for the 12 months before those eight weeks, 1 % of them cancelled by staff;
//   - `bookings` bookings on them (a session keeps at most half its capacity, as 2-place bookings are 1 in 25),
//     each by a member of the session's venue: 5 % cancelled, else 85 % attended, 10 % no-show, 5 % not marked;
//   - `orders` orders over the 12 months at every venue, 1–3 lines each (sessions 70 %, memberships 15 %, fees 5 %,
//     other 10 %), paid by card (70 %), cash, account credit, voucher or cheque, 1 in 20 split card + credit;
//     1 line in 50 refunded (half of those in part), a few card refunds still pending;
//   - direct-debit collections of every monthly membership for the 11 months before last month's, in every status
//     (paid out, confirmed, submitted, pending submission, failed, cancelled, charged back);
//   - `checkIns` desk check-ins (members at their home venue, 06:00–22:00 venue-local, 1 in 50 refused and let in);
// then ANALYZE. Prints each statement's rows and seconds.
import { performance } from 'node:perf_hooks';

async function step(c, steps, name, text, params = []) {
  const t0 = performance.now();
  const r = await c.query(text, params);
  const s = (performance.now() - t0) / 1000;
  steps.push({ name, seconds: s, rows: r.rowCount });
  console.log(`  ${name.padEnd(34)} ${String(r.rowCount ?? '').padStart(9)} rows  ${s.toFixed(1)} s`);
  return r;
}

/** Makes the report data of client `clientId` on the pg client `c` (one connection: temporary tables). */
export async function makeReportData(c, { clientId, orders, bookings, checkIns = Math.round(bookings / 2) }) {
  const steps = [];
  const started = performance.now();
  const today = `(now() at time zone 'Europe/London')::date`;
  await c.query('set synchronous_commit = off');
  await c.query(`set work_mem = '256MB'`);

  await step(
    c,
    steps,
    'sessions of the year before',
    `insert into activity_sessions (activity_id, venue_id, starts_at, ends_at, capacity, price, location_name, rule_id, local_date,
       cancelled_at, cancelled_by, cancellation_reason)
     select r.activity_id, r.venue_id, t.starts_at,
       t.starts_at + make_interval(mins => coalesce(r.duration_minutes, a.duration_minutes)),
       coalesce(r.capacity, a.capacity), coalesce(r.price, a.price), coalesce(r.location_name, a.location_name),
       r.id, d::date,
       case when abs(hashint4(r.id * 400 + (d::date - date '2020-01-01'))) % 100 = 0 then t.starts_at - interval '2 days' end,
       case when abs(hashint4(r.id * 400 + (d::date - date '2020-01-01'))) % 100 = 0 then 'staff' end,
       case when abs(hashint4(r.id * 400 + (d::date - date '2020-01-01'))) % 100 = 0 then 'Instructor unwell' end
     from timetable_rules r
     join venues v on v.id = r.venue_id and v.client_id = $1
     join activities a on a.id = r.activity_id
     cross join generate_series(${today} - 56 - 365, ${today} - 57, interval '1 day') d
     cross join lateral (select ((d::date + r.start_time::time) at time zone v.time_zone) as starts_at) t
     where r.archived_at is null and extract(isodow from d) = r.weekday
     on conflict do nothing`,
    [clientId],
  );
  // The year's sessions and the members, numbered per venue, to pick from by hash.
  await step(
    c,
    steps,
    'year sessions (temporary)',
    `create temporary table ys as
     select s.id, s.venue_id, s.capacity, s.price, s.starts_at, s.cancelled_at is not null cancelled, a.name,
       (row_number() over (partition by s.venue_id order by s.id) - 1)::int n,
       count(*) over (partition by s.venue_id)::int cnt
     from activity_sessions s join activities a on a.id = s.activity_id join venues v on v.id = s.venue_id
     where v.client_id = $1 and s.starts_at < now() - interval '56 days' and s.starts_at >= now() - interval '422 days'`,
    [clientId],
  );
  await c.query('create index on ys (venue_id, n); analyze ys');
  await step(
    c,
    steps,
    'members by venue (temporary)',
    `create temporary table cv as
     select c.id, c.home_venue_id venue_id,
       (row_number() over (partition by c.home_venue_id order by c.id) - 1)::int n,
       count(*) over (partition by c.home_venue_id)::int cnt
     from customers c where c.client_id = $1`,
    [clientId],
  );
  await c.query('create index on cv (venue_id, n); analyze cv');
  const [{ sessions }] = (await c.query('select count(*)::int sessions from ys')).rows;
  const perSession = bookings / Math.max(1, sessions);

  // Bookings: session s takes k of its venue's members in a row from a hashed start (so they are distinct), k spread
  // 0.25–1.75 × the mean, at most half its capacity and its venue's members.
  await step(
    c,
    steps,
    'bookings of the year',
    `insert into bookings (customer_id, activity_session_id, status, attended, price, places, created_at, cancelled_at)
     select m.id, s.id,
       case when s.cancelled or h % 20 = 0 then 'cancelled' else 'booked' end,
       case when s.cancelled or h % 20 = 0 then null
            when h % 20 = 1 then null
            when h % 10 = 2 then false
            else true end,
       s.price * (1 + (h % 25 = 3)::int), 1 + (h % 25 = 3)::int,
       s.starts_at - (1 + h % 160) * interval '1 hour',
       case when s.cancelled then s.starts_at - interval '2 days'
            when h % 20 = 0 then s.starts_at - interval '30 minutes' end
     from ys s
     join (select venue_id, max(cnt) cnt from cv group by venue_id) vc on vc.venue_id = s.venue_id
     cross join lateral generate_series(1, least(s.capacity / 2, vc.cnt,
       round($1::float8 * (0.25 + 1.5 * (abs(hashint4(s.id)) % 1000) / 1000.0))::int)) j
     join cv m on m.venue_id = s.venue_id and m.n = (abs(hashint4(s.id * 3 + 1)) + j) % vc.cnt
     cross join lateral (select abs(hashint4(s.id * 64 + j)) h) x`,
    [perSession],
  );
  await step(
    c,
    steps,
    'sessions: booked_count',
    `update activity_sessions s set booked_count = x.n
     from (select b.activity_session_id, sum(b.places)::int n from bookings b join ys on ys.id = b.activity_session_id
       where b.status <> 'cancelled' group by 1) x
     where x.activity_session_id = s.id and s.booked_count <> x.n`,
  );

  // Orders: venue, member and time by hash; lines first (the total is their sum).
  await step(
    c,
    steps,
    'orders planned (temporary)',
    `create temporary table ord as
     select nextval('orders_id_seq')::int id, v.id venue_id, m.id customer_id, h,
       ((${today} - 56 - (h / 7 % 365))::date + make_interval(hours => 7 + h / 3 % 14, mins => h / 11 % 60))
         at time zone v.time_zone created_at,
       case when h % 20 = 0 then 'split' when h % 100 < 70 then 'card' when h % 100 < 82 then 'cash'
            when h % 100 < 90 then 'credit' when h % 100 < 95 then 'offline-voucher' else 'cheque' end tender
     from generate_series(1, $2::int) g
     cross join (select array_agg(id order by id) ids from venues where client_id = $1) vs
     cross join lateral (select abs(hashint4(g * 13 + 7)) h) x
     cross join lateral (select vs.ids[1 + x.h % cardinality(vs.ids)] id) v0
     join venues v on v.id = v0.id
     join (select venue_id, max(cnt) cnt from cv group by venue_id) vc on vc.venue_id = v.id
     join cv m on m.venue_id = v.id and m.n = x.h / 5 % vc.cnt`,
    [clientId, orders],
  );
  await c.query('alter table ord add primary key (id); analyze ord');
  await step(
    c,
    steps,
    'order lines planned (temporary)',
    `create temporary table lin as
     select nextval('order_items_id_seq')::int id, o.id order_id, o.venue_id, o.customer_id, o.created_at, o.tender, k.h2,
       case when k.h2 % 20 < 14 then 'activity' when k.h2 % 20 < 17 then 'membership' when k.h2 % 20 < 18 then 'penalty'
            else 'other' end kind,
       s.id session_id, s.name session_name, s.price session_price
     from ord o
     cross join lateral generate_series(1, 1 + o.h % 3) j
     cross join lateral (select abs(hashint4(o.id * 4 + j)) h2) k
     join (select venue_id, max(cnt) cnt from ys group by venue_id) yc on yc.venue_id = o.venue_id
     left join ys s on k.h2 % 20 < 14 and s.venue_id = o.venue_id and s.n = k.h2 / 20 % yc.cnt`,
  );
  await step(
    c,
    steps,
    'orders',
    `insert into orders (id, customer_id, total, payment_type, status, created_at, venue_id)
     select o.id, o.customer_id, t.total, case when o.tender = 'split' then 'card' else o.tender end, 'completed',
       o.created_at, o.venue_id
     from ord o join (select order_id, sum(case kind when 'activity' then session_price when 'membership' then 3900
       when 'penalty' then 500 else 250 end) total from lin group by 1) t on t.order_id = o.id`,
  );
  await step(
    c,
    steps,
    'order lines',
    `insert into order_items (id, order_id, kind, name, price, activity_session_id)
     select id, order_id, kind,
       case kind when 'activity' then session_name when 'membership' then 'Monthly membership'
         when 'penalty' then 'Late cancellation fee' else 'Guest pass' end,
       case kind when 'activity' then session_price when 'membership' then 3900 when 'penalty' then 500 else 250 end,
       session_id
     from lin`,
  );
  await step(
    c,
    steps,
    'payments (tenders)',
    `insert into payments (order_id, tender_type, amount, provider_charge_id, card_description, created_at)
     select o.id, p.tender, p.amount, case when p.tender = 'card' then 'ch_scale_' || o.id end,
       case when p.tender = 'card' then 'Visa ending in 4242' end, o.created_at
     from ord o join orders x on x.id = o.id
     cross join lateral (
       select case when o.tender = 'split' then 'card' else o.tender end tender,
         case when o.tender = 'split' then x.total - least(x.total / 2, 1000) else x.total end amount
       union all
       select 'credit', least(x.total / 2, 1000) where o.tender = 'split'
     ) p
     where p.amount > 0`,
  );
  // Refunds: 1 line in 50, half of them in part; back to the card (a few still pending), as credit, or in cash.
  await step(
    c,
    steps,
    'refunds',
    `insert into refunds (customer_id, order_id, activity_session_id, tender, destination, credit_kind, amount, status,
       reason, provider_charge_id, idempotency_key, order_item_id, created_at, refunded_at)
     select l.customer_id, l.order_id, l.session_id, t.tender,
       case when t.tender = 'card' then 'card' when t.tender = 'cash' then 'cash' else 'credit' end,
       case when t.tender in ('card', 'cash') then null else 'general' end,
       case when l.h2 / 1000 % 2 = 0 then i.price / 2 else i.price end,
       case when t.tender = 'card' and l.h2 / 2000 % 30 = 0 then 'pending' else 'succeeded' end,
       'Refund at the desk', case when t.tender = 'card' then 'ch_scale_' || l.order_id end,
       'scale-refund-' || l.id, l.id, l.created_at + interval '3 days',
       case when not (t.tender = 'card' and l.h2 / 2000 % 30 = 0) then l.created_at + interval '3 days' end
     from lin l join order_items i on i.id = l.id
     cross join lateral (select case when l.tender in ('split', 'card') then 'card' else l.tender end tender) t
     where l.h2 / 20 % 50 = 0 and i.price >= 2`,
  );
  // Collections: each monthly membership, the 11 months before last month's, in every status.
  await step(
    c,
    steps,
    'direct-debit collections (year)',
    `insert into direct_debit_payments (mandate_id, membership_id, provider, provider_payment_id, amount, charge_date,
       status, failure_reason, created_at, updated_at)
     select m.mandate_id, m.id, 'sandbox', 'SBX-PM-Y' || k || '-' || m.id, m.price, d.charge_date, st.status,
       case when st.status = 'failed' then 'insufficient_funds' end, d.charge_date - 7, d.charge_date + 3
     from memberships m join customers c on c.id = m.customer_id
     cross join generate_series(2, 12) k
     cross join lateral (select (m.next_payment_date - make_interval(months => k))::date charge_date,
       abs(hashint4(m.id * 16 + k)) % 100 h) d
     cross join lateral (select case when k = 2 and d.h < 3 then 'pending_submission' when k = 2 and d.h < 6 then 'submitted'
       when k = 2 and d.h < 10 then 'confirmed' when d.h < 85 then 'paid_out' when d.h < 92 then 'failed'
       when d.h < 94 then 'cancelled' when d.h < 97 then 'charged_back' else 'paid_out' end status) st
     where c.client_id = $1 and m.mandate_id is not null and d.charge_date >= m.start_date`,
    [clientId],
  );
  await step(
    c,
    steps,
    'check-ins',
    `insert into check_ins (customer_id, venue_id, at, allowed, reasons, override_reason)
     select m.id, m.venue_id,
       ((${today} - 56 - (h / 7 % 365))::date + make_interval(hours => 6 + h / 3 % 16, mins => h / 11 % 60))
         at time zone 'Europe/London',
       h % 50 <> 0, '[]'::jsonb, case when h % 50 = 0 then 'Membership card at home' end
     from generate_series(1, $2::int) g
     cross join (select array_agg(id order by id) ids from venues where client_id = $1) vs
     cross join lateral (select abs(hashint4(g * 29 + 3)) h) x
     join (select venue_id, max(cnt) cnt from cv group by venue_id) vc on vc.venue_id = vs.ids[1 + x.h % cardinality(vs.ids)]
     join cv m on m.venue_id = vc.venue_id and m.n = x.h / 3 % vc.cnt`,
    [clientId, checkIns],
  );
  await c.query('drop table ys, cv, ord, lin');
  await step(c, steps, 'analyze', 'analyze');
  await step(c, steps, 'vacuum (visibility map)', 'vacuum');
  const seconds = (performance.now() - started) / 1000;
  console.log(`  report data made in ${seconds.toFixed(1)} s`);
  return { steps, seconds };
}
