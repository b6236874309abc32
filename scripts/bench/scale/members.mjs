// The scale operator's members, made set-based on PostgreSQL (generate_series, INSERT … SELECT; no row at a time):
// the last 8 weeks of sessions (as the daily generation would have left them), M customers spread over the venues,
// ~70 % with a membership (monthly on a direct-debit mandate, next payment dates spread over four weeks, or
// annual), last month's collections, ~10 bookings each over the last 8 weeks and the next 2 (capacity kept,
// one live booking per member and session, booked_count equal to the bookings), one order per booking and per
// membership, a few pending freeze requests (the staff approvals list) and, last, ANALYZE.
import { performance } from 'node:perf_hooks';

const FIRST = (
  'Oliver George Harry Noah Jack Leo Arthur Muhammad Oscar Charlie Jacob Thomas Henry William Alfie Joshua ' +
  'Freddie Archie Ethan Isaac Alexander Joseph Edward Samuel Max Daniel Arlo Lucas Mohammed Logan Olivia Amelia ' +
  'Isla Ava Mia Ivy Lily Isabella Rosie Sophia Grace Willow Freya Florence Emily Ella Poppy Evie Elsie Charlotte ' +
  'Evelyn Sienna Sofia Daisy Phoebe Sophie Alice Harper Matilda Ruby Emilia Maya Millie Isabelle Eva Chloe Jessica ' +
  'Priya Aisha Fatima Zara Hannah Ruth Margaret Susan David James John Robert Michael Paul Mark Andrew Peter ' +
  'Stephen Richard Ian Gareth Rhys Dylan Callum Euan Fraser Niamh Siobhan Aoife Ciara Kerry Megan Bethan Cerys'
).split(' ');
const LAST = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White Roberts ' +
  'Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips Mason Mitchell Rose Davis Rodriguez Cox Alexander ' +
  'Morgan Moore Martin Harris Clark Hughes Edwards Turner Hill Cooper Ward Morris King Baker Harrison Allen Young ' +
  'Scott Anderson Campbell Kelly Murray Stewart Reid Macdonald Ross Paterson Watson Morrison Graham Fraser ' +
  'Hamilton Robertson Thomson Ahmed Ali Hussain Begum Shah Singh Kaur Sharma Chen Wang Li Zhang Nguyen Kowalski ' +
  'Nowak Murphy Byrne Ryan OBrien Doyle McCarthy Lynch Price Powell Griffiths Owen Lloyd Rees Parry Bennett ' +
  'Chapman Barker Foster Gray Holmes Knight Marshall Palmer Pearson Russell Shaw Simpson Webb Wells Dixon Ellis ' +
  'Fletcher Gibson Grant Hunt Lee Matthews Mills Newman Parker Richards Saunders Stevens Warren Atkinson Bailey ' +
  'Carter Collins Cook Fisher Hudson Jenkins Lawrence Lambert Osborne Pritchard Sutton Tucker Underwood Vaughan'
).split(' ');
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Park Avenue',
  'Mill Lane',
  'Victoria Road',
  'Green Lane',
];
const DOMAINS = ['example.com', 'mail.test', 'post.test', 'inbox.test'];

/** Runs `text` on the client `c`, timing it as `name` in `steps`. */
async function step(c, steps, name, text, params = []) {
  const t0 = performance.now();
  const r = await c.query(text, params);
  const s = (performance.now() - t0) / 1000;
  steps.push({ name, seconds: s, rows: r.rowCount });
  console.log(`  ${name.padEnd(34)} ${String(r.rowCount ?? '').padStart(9)} rows  ${s.toFixed(1)} s`);
  return r;
}

/**
 * Makes the members of client `clientId` (M = `members`, `perMember` bookings each) on the pg client `c` (one
 * connection: temporary tables), with `passwordHash` for everyone. Returns the steps and the per-table counts.
 */
export async function makeMembers(c, { clientId, members, perMember = 10, passwordHash }) {
  const steps = [];
  const started = performance.now();
  const today = `(now() at time zone 'Europe/London')::date`;
  await c.query('set synchronous_commit = off');

  // The last 8 weeks of sessions (to now), as the daily generation made them (it makes the later ones itself).
  await step(
    c,
    steps,
    'past sessions (8 weeks)',
    `insert into activity_sessions (activity_id, venue_id, starts_at, ends_at, capacity, price, location_name, rule_id, local_date)
     select r.activity_id, r.venue_id, t.starts_at,
       t.starts_at + make_interval(mins => coalesce(r.duration_minutes, a.duration_minutes)),
       coalesce(r.capacity, a.capacity), coalesce(r.price, a.price), coalesce(r.location_name, a.location_name),
       r.id, d::date
     from timetable_rules r
     join venues v on v.id = r.venue_id and v.client_id = $1
     join activities a on a.id = r.activity_id
     cross join generate_series(${today} - 56, ${today}, interval '1 day') d
     cross join lateral (select ((d::date + r.start_time::time) at time zone v.time_zone) as starts_at) t
     where r.archived_at is null and extract(isodow from d) = r.weekday and t.starts_at < now()
     on conflict do nothing`,
    [clientId],
  );

  await step(
    c,
    steps,
    'customers',
    `insert into customers (client_id, reference, email, first_name, last_name, password_hash, date_of_birth, phone,
       home_venue_id, marketing_opt_in, terms_accepted_at, source, created_at)
     select $1, 'FH' || nextval('customer_reference_seq'),
       lower(f || '.' || l || g || '@' || ($5::text[])[1 + h % cardinality($5::text[])]), f, l, $4,
       date '1950-01-01' + (h % 20000), '07700 ' || lpad((h % 1000000)::text, 6, '0'),
       vs.ids[1 + g % cardinality(vs.ids)], h % 3 = 0, ts, 'online', ts
     from generate_series(1, $2::int) g
     cross join (select array_agg(id order by id) ids from venues where client_id = $1) vs
     cross join lateral (select abs(hashint4(g)) h, abs(hashint4(g * 7 + 1)) h2) x
     cross join lateral (select ($3::text[])[1 + x.h % cardinality($3::text[])] f,
       ($6::text[])[1 + x.h2 % cardinality($6::text[])] l,
       now() - (x.h % 1100) * interval '1 day' - (x.h2 % 86400) * interval '1 second' ts) y`,
    [clientId, members, FIRST, passwordHash, DOMAINS, LAST],
  );

  // Who has what: ~50 % monthly (direct debit), ~20 % annual, ~30 % no membership.
  await step(
    c,
    steps,
    'plan (temporary)',
    `create temporary table plan as
     select c.id customer_id, c.home_venue_id, c.first_name, c.last_name, x.h,
       case when x.h % 10 < 5 then 'monthly' when x.h % 10 < 7 then 'annual' end kind,
       case when x.h % 10 < 5 then ${today} + (x.h / 10 % 28)::int end next_payment_date,
       ${today} - (40 + x.h / 100 % 700)::int start_date
     from customers c cross join lateral (select abs(hashint4(c.id * 31 + 5)) h) x
     where c.client_id = $1`,
    [clientId],
  );
  await step(
    c,
    steps,
    'options (temporary)',
    `create temporary table opt as
     select v.id venue_id, po.key kind, t.slug like '%-local' local, t.slug, t.id type_id, po.id option_id, po.base_fee, po.joining_fee
     from venues v
     join membership_types t on t.client_id = v.client_id and (t.slug = v.slug || '-local' or t.slug in ('gym-and-swim', 'swim-only'))
     join payment_options po on po.membership_type_id = t.id and po.archived_at is null
     where v.client_id = $1`,
    [clientId],
  );
  await c.query('create index on opt (venue_id, kind)');
  await step(
    c,
    steps,
    'direct-debit mandates',
    `insert into direct_debit_mandates (customer_id, provider, reference, account_holder, account_number_last4,
       sort_code_masked, billing_address_line1, billing_city, billing_postcode, status, created_at, activated_at)
     select p.customer_id, 'sandbox', 'SBX-MD-S' || lpad(p.customer_id::text, 9, '0'), p.first_name || ' ' || p.last_name,
       lpad((p.h % 10000)::text, 4, '0'), lpad((p.h % 100)::text, 2, '0') || '-**-**',
       (1 + p.h % 200) || ' ' || ($1::text[])[1 + p.h % cardinality($1::text[])], v.town,
       split_part(v.postcode, ' ', 1) || ' ' || (p.h % 10) || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + p.h / 7 % 20, 1)
         || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + p.h / 140 % 20, 1),
       'active', p.start_date, p.start_date
     from plan p join venues v on v.id = p.home_venue_id where p.kind = 'monthly'`,
    [STREETS],
  );
  await step(
    c,
    steps,
    'memberships',
    `insert into memberships (customer_id, membership_type_id, payment_option_id, home_venue_id, reference, status,
       start_date, expires_at, next_payment_date, price, mandate_id, created_at)
     select p.customer_id, o.type_id, o.option_id, p.home_venue_id, 'M-' || nextval('membership_reference_seq'), 'active',
       case when p.kind = 'annual' then ${today} - (p.h / 100 % 300)::int else p.start_date end,
       case when p.kind = 'annual' then ${today} - (p.h / 100 % 300)::int + 365 end,
       p.next_payment_date, o.base_fee, m.id, p.start_date
     from plan p
     join lateral (select * from opt where opt.venue_id = p.home_venue_id and opt.kind = p.kind
       order by (case when opt.local then 0 when opt.slug = 'gym-and-swim' then 1 else 2 end + p.h / 1000 % 3) % 3
       limit 1) o on true
     left join direct_debit_mandates m on m.customer_id = p.customer_id
     where p.kind is not null`,
  );
  await step(
    c,
    steps,
    'customers: billing day',
    `update customers c set billing_day = least(extract(day from p.next_payment_date)::int, 28), has_instruction = true
     from plan p where p.customer_id = c.id and p.kind = 'monthly'`,
  );
  await step(
    c,
    steps,
    "last month's collections",
    `insert into direct_debit_payments (mandate_id, membership_id, provider, provider_payment_id, amount, charge_date,
       status, created_at, updated_at)
     select m.mandate_id, m.id, 'sandbox', 'SBX-PM-S' || lpad(m.id::text, 9, '0'), m.price,
       m.next_payment_date - interval '1 month', 'paid_out', m.next_payment_date - interval '38 days',
       m.next_payment_date - interval '1 month'
     from memberships m join customers c on c.id = m.customer_id
     where c.client_id = $1 and m.mandate_id is not null`,
    [clientId],
  );
  await step(
    c,
    steps,
    'membership orders',
    `with o as (
       insert into orders (customer_id, total, payment_type, created_at)
       select m.customer_id, po.joining_fee + m.price, 'card', m.created_at
       from memberships m join customers c on c.id = m.customer_id join payment_options po on po.id = m.payment_option_id
       where c.client_id = $1
       returning id, customer_id, total)
     insert into order_items (order_id, kind, name, price, membership_id)
     select o.id, 'membership', t.name, o.total, m.id
     from o join memberships m on m.customer_id = o.customer_id join membership_types t on t.id = m.membership_type_id`,
    [clientId],
  );

  // Bookings: each member picks `perMember` sessions of their home venue over the last 8 weeks and the next 2
  // (seeded by ids); a session keeps the first `capacity` who picked it.
  await step(
    c,
    steps,
    'sessions in the window (temp.)',
    `create temporary table win as
     select s.id, s.venue_id, s.capacity, s.price, s.starts_at, s.ends_at, a.name,
       (row_number() over (partition by s.venue_id order by s.id) - 1)::int n,
       count(*) over (partition by s.venue_id)::int cnt
     from activity_sessions s join activities a on a.id = s.activity_id join venues v on v.id = s.venue_id
     where v.client_id = $1 and s.starts_at >= now() - interval '56 days' and s.starts_at < now() + interval '14 days'`,
    [clientId],
  );
  await c.query('create index on win (venue_id, n); analyze win');
  await step(
    c,
    steps,
    'bookings chosen (temporary)',
    `create temporary table nb as
     select k.customer_id, w.id session_id, w.price, w.starts_at, w.ends_at, w.name, k.h,
       nextval('orders_id_seq')::int order_id, nextval('bookings_id_seq')::int booking_id
     from (
       select d.*, row_number() over (partition by d.session_id order by d.h) rk
       from (
         select distinct on (c.id, w.id) c.id customer_id, w.id session_id, abs(hashint4(c.id * 17 + j)) h
         from customers c
         cross join generate_series(1, $2::int) j
         join (select venue_id, max(cnt) cnt from win group by venue_id) vc on vc.venue_id = c.home_venue_id
         join win w on w.venue_id = c.home_venue_id and w.n = abs(hashint4(c.id * 1000 + j)) % vc.cnt
         where c.client_id = $1
         order by c.id, w.id
       ) d
     ) k
     join win w on w.id = k.session_id
     where k.rk <= w.capacity`,
    [clientId, perMember],
  );
  await step(
    c,
    steps,
    'booking orders',
    `insert into orders (id, customer_id, total, payment_type, created_at)
     select order_id, customer_id, price, 'card', least(now(), starts_at - (1 + h % 160) * interval '1 hour') from nb`,
  );
  // ~5 % cancelled; past sessions marked in the register (attended or not) except the last day's, still unmarked.
  await step(
    c,
    steps,
    'bookings',
    `insert into bookings (id, customer_id, activity_session_id, order_id, status, attended, price, places, created_at, cancelled_at)
     select booking_id, customer_id, session_id, order_id,
       case when h % 20 = 0 then 'cancelled' else 'booked' end,
       case when h % 20 <> 0 and ends_at < now() - interval '1 day' then h % 10 <> 0 end,
       price, 1, least(now(), starts_at - (1 + h % 160) * interval '1 hour'),
       case when h % 20 = 0 then least(now(), starts_at - interval '30 minutes') end
     from nb`,
  );
  await step(
    c,
    steps,
    'booking order items',
    `insert into order_items (order_id, kind, name, price, activity_session_id, booking_id)
     select order_id, 'activity', name, price, session_id, booking_id from nb`,
  );
  await step(
    c,
    steps,
    'sessions: booked_count',
    `update activity_sessions s set booked_count = x.n
     from (select activity_session_id, sum(places)::int n from bookings where status <> 'cancelled' group by 1) x
     where x.activity_session_id = s.id and s.booked_count <> x.n`,
  );
  // The staff approvals list: 0.5 % of memberships ask for a holiday freeze.
  await step(
    c,
    steps,
    'pending freeze requests',
    `insert into freeze_requests (customer_id, membership_id, freeze_type_id, active_from, months, status, created_at)
     select m.customer_id, m.id, ft.id, date_trunc('month', now() + interval '1 month')::date, 1, 'pending_approval',
       now() - (m.id % 14) * interval '1 day'
     from memberships m join customers c on c.id = m.customer_id
     join freeze_types ft on ft.client_id = c.client_id and ft.key = 'holiday'
     where c.client_id = $1 and abs(hashint4(m.id)) % 200 = 0`,
    [clientId],
  );
  await c.query('drop table plan, opt, win, nb');
  await step(c, steps, 'analyze', 'analyze');
  const seconds = (performance.now() - started) / 1000;
  console.log(`  members made in ${seconds.toFixed(1)} s`);
  return { steps, seconds, counts: await tableCounts(c) };
}

/** Rows per table (exact counts) of the tables that grow with members. */
export async function tableCounts(c) {
  const tables = [
    'customers',
    'memberships',
    'direct_debit_mandates',
    'direct_debit_payments',
    'activity_sessions',
    'bookings',
    'orders',
    'order_items',
    'freeze_requests',
    'payments',
    'refunds',
    'check_ins',
  ];
  const r = await c.query(
    `select ${tables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
  );
  return r.rows[0];
}
