// The report bench (issue 37, decision 084): each report's service function for one month, called N times on the
// scale operator's year of trading (report-data.mjs), p50/p95, next to the same SQL statements run alone on one
// connection (psql-style: the statement's text and parameters as the service sent them, timed at the client), and
// the plans (EXPLAIN (ANALYZE, BUFFERS)) of every statement. Target: p95 < 2 s for a month.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import {
  exportAttendanceCsv,
  findAttendanceReport,
} from '../../../apps/api/src/services/reports/attendance.ts';
import { resolveReportScope } from '../../../apps/api/src/services/reports/period.ts';
import { findTakings, takingsCsv } from '../../../apps/api/src/services/reports/takings.ts';
import { percentile } from '../stats.mjs';
import { quietLog } from './jobs.mjs';
import { capture, explainAll } from './plans.mjs';

/**
 * The reports benched: a name and a call of the service function (db, { clientId, scope }), the scope as the route
 * settles it (resolveReportScope). The reports not on main yet (memberships, VAT, the ledger) join here.
 */
function reportCalls() {
  const attendance = (group) => (db, p) => findAttendanceReport(db, { ...p, group, page: 1, perPage: 50 });
  return [
    ['takings', (db, p) => findTakings(db, p.scope)],
    ['takings, CSV', async (db, p) => takingsCsv(await findTakings(db, p.scope))],
    ['attendance by activity (page 1 of 50)', attendance('activity')],
    ['attendance by venue (page 1 of 50)', attendance('venue')],
    ['attendance by hour', attendance('hour')],
    ['attendance by weekday', attendance('weekday')],
    [
      'attendance by activity, CSV (every row)',
      (db, p) => exportAttendanceCsv(db, { ...p, group: 'activity' }),
    ],
  ];
}

/** The calendar month that lies inside the generated year: the one holding the day 120 days ago. */
export function benchMonth(now = new Date()) {
  const d = new Date(now.getTime() - 120 * 86_400_000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const iso = (x) => x.toISOString().slice(0, 10);
  return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(new Date(Date.UTC(y, m + 1, 0))) };
}

async function timeAlone(c, statements) {
  const t0 = performance.now();
  for (const s of statements) await c.query(s.text, s.params);
  return performance.now() - t0;
}

/**
 * Runs every report `runs` times for `month` (every venue as an administrator sees them, and one venue as its
 * centre manager does), each next to its statements run alone. Resolves with the rows and the plans.
 */
export async function reportsStep(target, { clientId, runs = 10, month = benchMonth() }) {
  const database = await openDatabase(target.config, { logger: quietLog });
  const c = new pg.Client({ connectionString: target.url });
  c.on('error', () => {});
  await c.connect();
  const rows = [];
  const plans = [];
  try {
    const [{ id: oneVenue }] = (
      await c.query('select min(id) id from venues where client_id = $1', [clientId])
    ).rows;
    const scopes = [
      ['every venue', undefined],
      ['one venue', oneVenue],
    ];
    console.log(`report bench: ${month.from} – ${month.to}, ${runs} runs each`);
    for (const [scopeName, venueId] of scopes) {
      // As an administrator sees it: every venue, or the one asked for.
      const scope = await resolveReportScope(database.db, {
        query: { from: month.from, to: month.to, venue_id: venueId },
        scope: { venueIds: 'all' },
        clientId,
        timeZone: 'Europe/London',
      });
      for (const [name, call] of reportCalls()) {
        const params = { clientId, scope };
        // One call to warm the cache and record what it sends; then `runs` timed calls.
        const { statements } = await capture(() => call(database.db, params));
        const times = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          await call(database.db, params);
          times.push(performance.now() - t0);
        }
        const alone = [];
        for (let i = 0; i < runs; i++) alone.push(await timeAlone(c, statements));
        const row = {
          report: `${name}, ${scopeName}`,
          statements: statements.reduce((n, s) => n + s.count, 0),
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          aloneP50: percentile(alone, 50),
          aloneP95: percentile(alone, 95),
        };
        rows.push(row);
        console.log(
          `  ${row.report.padEnd(58)} p50 ${row.p50.toFixed(0).padStart(5)} ms  p95 ${row.p95.toFixed(0).padStart(5)} ms   SQL alone p50 ${row.aloneP50.toFixed(0).padStart(5)} ms  p95 ${row.aloneP95.toFixed(0).padStart(5)} ms  (${row.statements} statements)`,
        );
        if (scopeName === 'every venue' || name === 'takings' || name.startsWith('attendance by activity ('))
          plans.push(...(await explainAll(target.url, `${name}, ${scopeName}`, statements, { limit: 4 })));
      }
    }
  } finally {
    await c.end();
    await database.close();
  }
  return { rows, plans, month };
}

/** The bench's rows as a markdown table (docs/performance.md, 'Reports at scale'). */
export function reportsTable(result) {
  return [
    `| report (${result.month.from} – ${result.month.to}) | p50 | p95 | SQL alone p50 | SQL alone p95 | under 2 s at p95 |`,
    '|---|---|---|---|---|---|',
    ...result.rows.map(
      (r) =>
        `| ${r.report} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.aloneP50.toFixed(0)} ms | ${r.aloneP95.toFixed(0)} ms | ${r.p95 < 2000 ? 'yes' : 'NO'} |`,
    ),
  ].join('\n');
}
