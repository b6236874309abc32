// The summary table at the end of the bench: one row per measure, one column per database.
import { HISTORY_ORDERS, PLACES, SESSIONS } from './config.mjs';
import { mb, ms, pct } from './stats.mjs';

export function table(results) {
  const col = (f) => results.map(f).join(' | ');
  const head = `| measure | ${results.map((r) => r.kind).join(' | ')} |`;
  const sep = `|---|${results.map(() => '---|').join('')}`;
  const s = (r, k) => r.rush.steps[k];
  const rows = [
    ['checkouts per second in the rush (50 concurrent)', (r) => r.rush.checkoutsPerSecond.toFixed(1)],
    [
      'checkout p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'checkout').p50)} / ${ms(s(r, 'checkout').p95)} / ${ms(s(r, 'checkout').p99)}`,
    ],
    [
      'add to basket p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'add').p50)} / ${ms(s(r, 'add').p95)} / ${ms(s(r, 'add').p99)}`,
    ],
    [
      'GET cart p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'cart').p50)} / ${ms(s(r, 'cart').p95)} / ${ms(s(r, 'cart').p99)}`,
    ],
    [
      'card token p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'token').p50)} / ${ms(s(r, 'token').p95)} / ${ms(s(r, 'token').p99)}`,
    ],
    [
      'whole journey p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'journey').p50)} / ${ms(s(r, 'journey').p95)} / ${ms(s(r, 'journey').p99)}`,
    ],
    [
      'places sold / capacity / most sellable',
      (r) =>
        `${r.sold} / ${SESSIONS * PLACES} / ${r.mostSellable}${r.overCapacity ? ` (${r.overCapacity} OVER)` : ''}`,
    ],
    [
      'errors by step and status',
      (r) =>
        Object.entries(r.rush.errors)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || 'none',
    ],
    ['registrations per second', (r) => r.registrationsPerSecond.toFixed(1)],
    [
      'server process CPU ms per registration / per rush journey',
      (r) => `${r.registrationCpuMs.toFixed(1)} / ${r.rush.cpuMsPerJourney.toFixed(1)}`,
    ],
    ...[0, 1, 2, 3].map((i) => [
      `${results[0].throughput[i].name}: share of bare Fastify`,
      (r) =>
        `${pct(r.throughput[i].ratio)} (${Math.round(r.throughput[i].reqPerSecond)} / ${Math.round(r.throughput[i].bareReqPerSecond)} req/s, ${(r.throughput[i].bytes / 1024).toFixed(1)} kB; CPU ${r.throughput[i].cpuPerRequest.toFixed(2)} ms/req)`,
    ]),
    [
      'RSS idle / after rush / peak (bare Fastify idle)',
      (r) => `${mb(r.rssIdle)} / ${mb(r.rssAfterRush)} / ${mb(r.rssPeak)} (${mb(r.bareRssIdle)})`,
    ],
    [
      'cold start to first reply (bare Fastify)',
      (r) => `${(r.coldStartMs / 1000).toFixed(2)} s (${(r.bareColdStartMs / 1000).toFixed(2)} s)`,
    ],
    ...[0, 1, 2, 3].map((i) => [
      `timetable ${results[0].growth[i].perDay}/day × ${results[0].growth[i].days} d: size, sequential p50`,
      (r) => `${(r.growth[i].bytes / 1024).toFixed(1)} kB, ${r.growth[i].p50.toFixed(1)} ms`,
    ]),
    ...[0, 1, 2].map((i) => [
      `GET /api/orders ${results[0].orders[i].query}, ${HISTORY_ORDERS} orders: size, sequential p50`,
      (r) => `${(r.orders[i].bytes / 1024).toFixed(1)} kB, ${r.orders[i].p50.toFixed(1)} ms`,
    ]),
  ];
  return [head, sep, ...rows.map(([name, f]) => `| ${name} | ${col(f)} |`)].join('\n');
}
