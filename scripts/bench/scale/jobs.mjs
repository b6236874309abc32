// The scale bench's in-process steps (before the server starts, which runs the same jobs once at start-up): the
// catalogue import and re-import, timetable generation, direct-debit collections and the attendance rule, each
// with its reference (the same work as one set-based statement run alone) and the counters PostgreSQL keeps.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { markUnmarkedUnattended } from '../../../apps/api/src/services/attendance/index.ts';
import { importCatalogue } from '../../../apps/api/src/services/catalogue/index.ts';
import { SandboxDirectDebitProvider } from '../../../apps/api/src/services/direct-debit/sandbox-provider.ts';
import {
  COLLECTION_LEAD_DAYS,
  collectDuePayments,
} from '../../../apps/api/src/services/scheduled-changes/index.ts';
import {
  generateSessions,
  runTimetableGeneration,
} from '../../../apps/api/src/services/timetable-rules/index.ts';
import { sleep } from '../processes.mjs';
import { capture, explainAll } from './plans.mjs';

export const quietLog = {
  info() {},
  warn() {},
  debug() {},
  trace() {},
  fatal: (...a) => console.error(...a),
  error: (...a) => console.error(...a),
  child() {
    return quietLog;
  },
};

/** The database's counters (pg_stat_database): transactions, rows returned/fetched/written, blocks. */
export async function dbStats(url) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    const r =
      await c.query(`select xact_commit::bigint commits, tup_returned::bigint returned, tup_fetched::bigint fetched,
        (tup_inserted + tup_updated + tup_deleted)::bigint written, (blks_hit + blks_read)::bigint blocks
      from pg_stat_database where datname = current_database()`);
    return Object.fromEntries(Object.entries(r.rows[0]).map(([k, v]) => [k, Number(v)]));
  } finally {
    await c.end();
  }
}

const diff = (a, b) => Object.fromEntries(Object.keys(a).map((k) => [k, b[k] - a[k]]));

/**
 * Times `work(db)` on a database connection of its own (closed afterwards, so PostgreSQL's counters of its
 * connections are in before they are read): wall time, this process's CPU, peak RSS while it ran, the database's
 * counters, and (with `explain`) the plans of the statements it sent.
 */
export async function measure(target, name, work, { explain, limitSeconds } = {}) {
  const before = await dbStats(target.url);
  const database = await openDatabase(target.config, { logger: quietLog });
  let rssPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let timer = null;
  let cancelled = false;
  if (limitSeconds)
    timer = setTimeout(async () => {
      // Over the step's limit: its statements are cancelled (the transaction rolls back).
      cancelled = true;
      const c = new pg.Client({ connectionString: target.url });
      c.on('error', () => {});
      await c.connect();
      await c.query(
        `select pg_cancel_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and application_name = ''`,
      );
      await c.end();
    }, limitSeconds * 1000);
  let out;
  try {
    out = await capture(() => work(database.db));
  } catch (err) {
    if (!cancelled) throw err;
    out = { result: null, statements: [] };
  } finally {
    clearTimeout(timer);
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu);
  await database.close();
  await sleep(600);
  const stats = diff(before, await dbStats(target.url));
  const plans = explain ? await explainAll(target.url, name, out.statements, explain) : [];
  const m = {
    name,
    seconds,
    cancelled,
    cpuSeconds: (used.user + used.system) / 1e6,
    rssPeakMb: rssPeak / 1048576,
    stats,
    statements: out.statements.reduce((n, s) => n + s.count, 0),
    result: out.result,
    plans,
  };
  console.log(
    `${name}: ${cancelled ? `CANCELLED after ${limitSeconds} s` : `${seconds.toFixed(2)} s`}, CPU ${m.cpuSeconds.toFixed(2)} s, peak RSS ${Math.round(m.rssPeakMb)} MB; ${m.statements} statements, ${stats.commits} commits, rows read ${stats.returned + stats.fetched}, written ${stats.written}`,
  );
  return m;
}

/** The same work as one statement run alone, on its own connection (in a transaction rolled back with `rollback`). */
export async function reference(target, name, text, params = [], { rollback = false, setup } = {}) {
  const before = await dbStats(target.url);
  const c = new pg.Client({ connectionString: target.url });
  c.on('error', () => {});
  await c.connect();
  let rows;
  const t0 = performance.now();
  try {
    if (setup) await c.query(setup);
    if (rollback) await c.query('begin');
    const r = await c.query(text, params);
    rows = r.rowCount;
  } finally {
    if (rollback) await c.query('rollback');
    await c.end();
  }
  const seconds = (performance.now() - t0) / 1000;
  await sleep(600);
  const stats = diff(before, await dbStats(target.url));
  console.log(
    `  reference (${name}): ${seconds.toFixed(3)} s, ${rows} rows, rows read ${stats.returned + stats.fetched}`,
  );
  return { seconds, rows, stats };
}

// ---------------------------------------------------------------------------------------------------------------

export async function importStep(target, name, text, limitSeconds) {
  const m = await measure(target, name, (db) => importCatalogue(db, { file: 'scale.yaml', text }), {
    limitSeconds,
  });
  if (m.result && !m.result.ok)
    throw new Error(`catalogue refused: ${JSON.stringify(m.result.problems.slice(0, 3))}`);
  if (m.result) {
    const s = m.result.sessions;
    m.summary = `${m.result.plan.length} changes planned; sessions ${s.created} created, ${s.updated} changed, ${s.removed} removed, ${s.conflicts.length} conflicts`;
    console.log(`  ${m.summary}`);
  }
  return m;
}

/**
 * Timetable generation on an unchanged timetable: runTimetableGeneration (every client, one transaction each), or
 * with `venueIds` generateSessions of those venues only, one transaction each (for a shorter run).
 */
export async function generationStep(target, clientId, venueIds, limitSeconds) {
  const m = await measure(
    target,
    `timetable generation (${venueIds ? `${venueIds.length} venues` : 'every venue'})`,
    async (db) => {
      const now = new Date();
      if (!venueIds) {
        const all = [...(await runTimetableGeneration({ db, log: quietLog, now: () => now })).values()];
        const sum = (pick) => all.reduce((n, r) => n + pick(r), 0);
        return {
          created: sum((r) => r.created),
          updated: sum((r) => r.updated),
          removed: sum((r) => r.removed),
          conflicts: sum((r) => r.conflicts.length),
        };
      }
      const total = { created: 0, updated: 0, removed: 0, conflicts: 0 };
      for (const venueId of venueIds ?? [undefined]) {
        const r = await db.transaction((tx) => generateSessions(tx, { clientId, now, venueId }));
        total.created += r.created;
        total.updated += r.updated;
        total.removed += r.removed;
        total.conflicts += r.conflicts.length;
      }
      return total;
    },
    { explain: { match: /activity_sessions|bookings/, limit: 4 }, limitSeconds },
  );
  // The same read as one statement: the wanted sessions of the weekly rules over the horizon, matched with the
  // future generated sessions and their live bookings (what to create, change or remove).
  const ref = await reference(
    target,
    'rules × dates matched with the future sessions and their bookings',
    `select count(*) filter (where s.id is null) missing, count(*) filter (where w.rule_id is null) extra,
       count(*) filter (where s.id is not null and w.rule_id is not null and (s.starts_at <> w.starts_at or s.capacity <> w.capacity)) changed,
       sum(b.n) booked
     from (
       select r.id rule_id, d::date local_date, (d::date + r.start_time::time) at time zone v.time_zone starts_at,
         coalesce(r.capacity, a.capacity) capacity
       from timetable_rules r join venues v on v.id = r.venue_id join activities a on a.id = r.activity_id
       join clients c on c.id = v.client_id
       cross join generate_series((now() at time zone 'Europe/London')::date,
         (now() at time zone 'Europe/London')::date + 7 * c.timetable_horizon_weeks, interval '1 day') d
       where v.client_id = $1 and r.archived_at is null and extract(isodow from d) = r.weekday
         and ($2::int[] is null or v.id = any($2::int[]))
         and (d::date + r.start_time::time) at time zone v.time_zone > now()
     ) w
     full join (
       select s.* from activity_sessions s join venues v on v.id = s.venue_id
       where v.client_id = $1 and s.starts_at > now() and s.rule_id is not null and ($2::int[] is null or v.id = any($2::int[]))
     ) s on s.rule_id = w.rule_id and s.local_date = w.local_date
     left join lateral (select count(*) n from bookings b where b.activity_session_id = s.id and b.status <> 'cancelled') b on true`,
    [clientId, venueIds],
  );
  return { m, ref };
}

const DUE = `select m.id, m.next_payment_date, m.price, t.name
  from memberships m
  join payment_options po on po.id = m.payment_option_id
  join membership_types t on t.id = m.membership_type_id
  join venues v on v.id = m.home_venue_id
  join direct_debit_mandates dd on dd.id = m.mandate_id
  where po.payment_type = 'recurring' and m.status in ('pending', 'active', 'frozen', 'cancelled')
    and not m.awaiting_payment
    and m.next_payment_date between (now() at time zone 'Europe/London')::date
      and (now() at time zone 'Europe/London')::date + ${COLLECTION_LEAD_DAYS}
    and dd.status in ('pending_submission', 'active')
    and not exists (select 1 from direct_debit_payments p where p.membership_id = m.id and p.charge_date >= m.next_payment_date)`;

/** Direct-debit collections (collectDuePayments with the sandbox provider); reference: one INSERT … SELECT. */
export async function collectionsStep(target, limitSeconds) {
  const ref = await reference(
    target,
    'the due payments inserted into a temporary table',
    `insert into due_payments select d.id, d.next_payment_date, d.price from (${DUE}) d`,
    [],
    { setup: 'create temporary table due_payments (membership_id int, charge_date date, amount int)' },
  );
  const m = await measure(
    target,
    'direct-debit collections',
    (db) =>
      collectDuePayments({
        db,
        log: quietLog,
        now: () => new Date(),
        accountUrl: null,
        directDebit: new SandboxDirectDebitProvider(),
      }),
    { explain: { limit: 4 }, limitSeconds },
  );
  return { m, ref };
}

/** The attendance rule (markUnmarkedUnattended); reference: the same UPDATE as one statement (rolled back). */
export async function attendanceStep(target, limitSeconds) {
  const ref = await reference(
    target,
    'one UPDATE of the unmarked bookings (rolled back)',
    `update bookings b set attended = false
     from activity_sessions s join venues v on v.id = s.venue_id join clients c on c.id = v.client_id
     where s.id = b.activity_session_id and c.unmarked_unattended_after_hours is not null
       and s.ends_at <= now() - c.unmarked_unattended_after_hours * interval '1 hour'
       and b.attended is null and b.status = 'booked'`,
    [],
    { rollback: true },
  );
  const m = await measure(target, 'attendance rule', (db) => markUnmarkedUnattended(db, new Date()), {
    explain: { limit: 3 },
    limitSeconds,
  });
  if (m.result) m.marked = [...m.result.values()].reduce((n, c) => n + c, 0);
  return { m, ref };
}
