// The booking rush: the members' registration, the rush itself and, afterwards, the check of the database.
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import {
  CSRF,
  CUSTOMERS,
  mark,
  PASSWORD,
  PLACES,
  REGISTER_CONCURRENCY,
  RUSH_CONCURRENCY,
  SESSIONS,
} from './config.mjs';
import { cpuMs, inBatches, procStatus, random } from './processes.mjs';
import { ms, percentile } from './stats.mjs';

/**
 * Registration: CUSTOMERS customers through POST /api/auth/customer/register, REGISTER_CONCURRENCY at a time, on
 * the server process `pid`; resolves with the members, logged in.
 */
export async function registration(call, pid, data, result) {
  const members = [];
  const regStatus = {};
  const regTimes = [];
  mark('registration');
  const regStarted = performance.now();
  const regCpu = cpuMs(pid);
  await inBatches(CUSTOMERS, REGISTER_CONCURRENCY, async (i) => {
    const member = {
      ip: `10.${1 + Math.floor(i / 60000)}.${Math.floor(i / 250) % 240}.${(i % 250) + 1}`,
      cookie: `fh_csrf=${CSRF}`,
    };
    const t0 = performance.now();
    const res = await call(
      member,
      'POST',
      '/api/auth/customer/register?onboarding_type=customer_account_online',
      {
        client_id: data.clientId,
        source: 'online',
        first_name: 'Rush',
        last_name: `Member ${i}`,
        email: `member-${i}@bench.test`,
        date_of_birth: '1990-01-01',
        phone: '07700 900456',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
        marketing_opt_in: false,
      },
    );
    regTimes.push(performance.now() - t0);
    regStatus[res.status] = (regStatus[res.status] ?? 0) + 1;
    const session = res.setCookie.find((c) => c.startsWith('fh_session='))?.split(';')[0];
    if (res.status === 201 && session) members[i] = { ...member, cookie: `${member.cookie}; ${session}` };
  });
  const regSeconds = (performance.now() - regStarted) / 1000;
  mark('registration-end');
  result.registrationsPerSecond = CUSTOMERS / regSeconds;
  result.registrationCpuMs = (cpuMs(pid) - regCpu) / CUSTOMERS;
  result.registration = {
    status: regStatus,
    p50: percentile(regTimes, 50),
    p99: percentile(regTimes, 99),
  };
  console.log(
    `registration: ${result.registrationsPerSecond.toFixed(1)}/s (server CPU ${result.registrationCpuMs.toFixed(1)} ms each), p50 ${ms(result.registration.p50)} ms, p99 ${ms(result.registration.p99)} ms, status ${JSON.stringify(regStatus)}`,
  );
  const ready = members.filter(Boolean);
  if (ready.length !== CUSTOMERS) throw new Error(`only ${ready.length} of ${CUSTOMERS} registered`);
  return ready;
}

/**
 * The rush: RUSH_CONCURRENCY members at a time, each picks one of the SESSIONS sessions (seeded random), makes a
 * sandbox card token, adds the session, reads the basket and completes checkout.
 */
export async function rush(call, pid, data, ready, result) {
  const rand = random(7);
  const choice = ready.map(() => Math.floor(rand() * SESSIONS));
  const demand = new Array(SESSIONS).fill(0);
  for (const c of choice) demand[c]++;
  result.mostSellable = demand.reduce((sum, d) => sum + Math.min(d, PLACES), 0);
  const steps = { token: [], add: [], cart: [], checkout: [], journey: [] };
  const errors = {};
  const err = (step, status) => {
    const key = `${step} ${status}`;
    errors[key] = (errors[key] ?? 0) + 1;
  };
  let completed = 0;
  mark('rush');
  const rushStarted = performance.now();
  const rushCpu = cpuMs(pid);
  await inBatches(ready.length, RUSH_CONCURRENCY, async (i) => {
    const member = ready[i];
    const t0 = performance.now();
    const timed = async (step, method, url, body) => {
      const s = performance.now();
      const res = await call(member, method, url, body);
      steps[step].push(performance.now() - s);
      if (res.status !== 200) err(step, res.status);
      return res;
    };
    const token = await timed('token', 'POST', '/api/payments/sandbox/tokens', {
      cardholder_name: 'Rush Member',
      card_number: '4242 4242 4242 4242',
      expiry_date: '12/39',
      security_code: '123',
      billing_first_name: 'Rush',
      billing_last_name: 'Member',
      billing_address_line_one: '1 High Street',
      billing_city: 'Leeds',
      billing_postcode: 'LS1 1AA',
    });
    const add = await timed('add', 'POST', '/api/cart/add', {
      items: [{ id: data.rushSessionIds[choice[i]], type: 'activity' }],
    });
    if (add.status === 200 && token.status === 200) {
      const cart = await timed('cart', 'GET', '/api/cart');
      const done = await timed('checkout', 'POST', '/api/checkout/complete', {
        terms: true,
        cart_id: cart.json.data.id,
        cart_version: cart.json.data.version,
        payment_method: { type: 'token', token: token.json.data.token },
      });
      if (done.status === 200) completed++;
    }
    steps.journey.push(performance.now() - t0);
  });
  const rushSeconds = (performance.now() - rushStarted) / 1000;
  mark('rush-end');
  result.rush = {
    seconds: rushSeconds,
    completed,
    checkoutsPerSecond: completed / rushSeconds,
    journeysPerSecond: ready.length / rushSeconds,
    cpuMsPerJourney: (cpuMs(pid) - rushCpu) / ready.length,
    errors,
    steps: Object.fromEntries(
      Object.entries(steps).map(([k, v]) => [
        k,
        { n: v.length, p50: percentile(v, 50), p95: percentile(v, 95), p99: percentile(v, 99) },
      ]),
    ),
  };
  console.log(
    `rush: ${completed} checkouts in ${rushSeconds.toFixed(1)} s = ${result.rush.checkoutsPerSecond.toFixed(1)}/s (${result.rush.journeysPerSecond.toFixed(1)} members/s, server CPU ${result.rush.cpuMsPerJourney.toFixed(1)} ms each); errors ${JSON.stringify(errors)}`,
  );
  for (const [k, v] of Object.entries(result.rush.steps))
    console.log(`  ${k.padEnd(8)} n=${v.n} p50 ${ms(v.p50)} / p95 ${ms(v.p95)} / p99 ${ms(v.p99)} ms`);
  result.rssAfterRush = procStatus(pid).rss;
}

/** Correctness: no session over capacity, counters = bookings, one charge per order. */
export async function checkDatabase(target, data, result) {
  const check = await openDatabase(target.config);
  try {
    const q = async (text) => {
      const r = await check.db.execute(text);
      return Array.isArray(r) ? r : r.rows;
    };
    const places = await q(`select s.id, s.capacity, s.booked_count,
        (select count(*)::int from bookings b where b.activity_session_id = s.id and b.status = 'booked') as booked
      from activity_sessions s where s.id in (${data.rushSessionIds.join(',')})`);
    const over = places.filter(
      (p) => Number(p.booked) > Number(p.capacity) || Number(p.booked) !== Number(p.booked_count),
    );
    const sold = places.reduce((sum, p) => sum + Number(p.booked), 0);
    const [charges] = await q(`select count(*)::int as charges,
        (select count(*)::int from orders o join customers c on c.id = o.customer_id where c.reference <> 'FH900001') as orders,
        (select count(*)::int from (select provider_charge_id from payments where provider_charge_id is not null
          group by provider_charge_id having count(distinct order_id) > 1) d) as doubled
      from sandbox_payment_intents where status = 'succeeded'`);
    result.sold = sold;
    result.overCapacity = over.length;
    result.charges = charges;
    console.log(
      `places sold ${sold} of ${SESSIONS * PLACES} (most that could be sold: ${result.mostSellable}); sessions over capacity or off count: ${over.length}; succeeded charges ${charges.charges}, orders ${charges.orders}, charges on two orders ${charges.doubled}`,
    );
    if (over.length || sold !== result.mostSellable) result.incorrect = true;
  } finally {
    await check.close();
  }
}
