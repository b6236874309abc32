import { type SQL, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { createJobEngine, JOB_SCHEMA, type JobContext } from '../src/services/jobs/job-engine.ts';
import { createPgliteAdapter } from '../src/services/jobs/pglite-adapter.ts';
import { setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
/** Rows of a raw query (both drivers answer `{ rows }`). */
const query = async (statement: SQL) =>
  ((await t.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;
const isPglite = t.database.kind === 'pglite';

describe('job engine', () => {
  it('is decorated on every app but runs only where started', async () => {
    const app = await t.buildTestApp();
    expect(app.jobs.isRunning()).toBe(false);
    await expect(app.jobs.check()).rejects.toThrow('not running');
    await expect(app.jobs.send('anything', {})).rejects.toThrow('not running');
  });

  it('send → work → runDueJobs runs the handler once with the data; a failure is retried after its delay', async () => {
    const clock = new TestClock(new Date('2026-11-24T09:00:00Z'));
    const app = await t.buildTestApp({}, { jobs: { start: true, clock, workers: false } });
    await app.jobs.check();
    const seen: JobContext<{ n: number }>[] = [];
    let failFirst = true;
    await app.jobs.work<{ n: number }>('test-echo', { retryLimit: 2, retryDelaySeconds: 60 }, async (job) => {
      seen.push(job);
      if (failFirst) {
        failFirst = false;
        throw new Error('boom');
      }
    });
    const id = await app.jobs.send('test-echo', { n: 7 });

    expect(await app.jobs.runDueJobs()).toBe(1);
    expect(seen.map((j) => [j.id, j.data.n, j.attempt, j.maxAttempts, j.isLastAttempt])).toEqual([
      [id, 7, 1, 3, false],
    ]);
    const [retrying] = await app.jobs.findJobs('test-echo', { id });
    expect(retrying!.state).toBe('retry');
    const delay = (retrying!.startAfter.getTime() - clock.now()) / 1000;
    expect(delay).toBeGreaterThanOrEqual(60);
    expect(delay).toBeLessThanOrEqual(120);

    // Not due yet: nothing runs.
    expect(await app.jobs.runDueJobs()).toBe(0);
    await clock.setTime(retrying!.startAfter.getTime() + 1000);
    expect(await app.jobs.runDueJobs()).toBe(1);
    expect(seen.map((j) => j.attempt)).toEqual([1, 2]);
    const [done] = await app.jobs.findJobs('test-echo', { id });
    expect(done!.state).toBe('completed');
    expect(await app.jobs.runDueJobs()).toBe(0);
    await app.close();
  });

  it('a scheduled job type is sent on its cron expression and run by runDueJobs', async () => {
    const clock = new TestClock(new Date('2026-11-24T09:00:30Z'));
    const app = await t.buildTestApp({}, { jobs: { start: true, clock, workers: false } });
    const runs: string[] = [];
    await app.jobs.work('test-nightly', {}, async (job) => {
      runs.push(job.name);
    });
    await app.jobs.schedule('test-nightly', '0 10 * * *', {}, { tz: 'Europe/London' });
    // pg-boss's cron pass runs every 30 s (then a 5 s worker sends the job): each 40 s tick lets it run.
    await clock.setTime(new Date('2026-11-24T09:59:00Z'));
    await clock.tick(40_000);
    expect(await app.jobs.runDueJobs()).toBe(0);
    await clock.setTime(new Date('2026-11-24T10:00:05Z'));
    await clock.tick(40_000);
    expect(await app.jobs.runDueJobs()).toBe(1); // 10:00 London = 10:00 UTC in November
    expect(runs).toEqual(['test-nightly']);
    await clock.setTime(new Date('2026-11-24T10:30:00Z'));
    await clock.tick(40_000);
    expect(await app.jobs.runDueJobs()).toBe(0);
    await app.close();
  });

  it('a job sent in a transaction exists only if the transaction commits', async () => {
    const app = await t.buildTestApp({}, { jobs: { start: true, workers: false } });
    const ran: string[] = [];
    await app.jobs.work<{ tag: string }>('test-tx', {}, async (job) => {
      ran.push(job.data.tag);
    });
    await t.db.transaction(async (tx) => {
      await app.jobs.send('test-tx', { tag: 'committed' }, { tx });
    });
    await expect(
      t.db.transaction(async (tx) => {
        await app.jobs.send('test-tx', { tag: 'rolled back' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await app.jobs.runDueJobs()).toBe(1);
    expect(ran).toEqual(['committed']);
    await app.close();
  });

  it('background workers pick up jobs without the test helper, and stop cleanly', async () => {
    const app = await t.buildTestApp({}, { jobs: { start: true, pollingIntervalSeconds: 0.5 } });
    const ran: number[] = [];
    await app.jobs.work<{ n: number }>('test-background', {}, async (job) => {
      ran.push(job.data.n);
    });
    for (let n = 0; n < 5; n++) await app.jobs.send('test-background', { n });
    for (let i = 0; i < 100 && ran.length < 5; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4]);
    await app.close();
    expect(app.jobs.isRunning()).toBe(false);
  });

  it('a restart finds its queues as it left them and brings changed retry options up to date', async () => {
    const { log } = await t.buildTestApp();
    const queue = async () =>
      (
        await query(
          sql.raw(
            `select retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds, updated_on from ${JOB_SCHEMA}.queue where name = 'test-options'`,
          ),
        )
      )[0];
    const startWith = async (options: { retryLimit: number; retryDelaySeconds: number }) => {
      const engine = createJobEngine({ database: t.database, log, workers: false });
      await engine.work('test-options', options, async () => {});
      await engine.start();
      await engine.stop();
      return queue();
    };
    const first = await startWith({ retryLimit: 2, retryDelaySeconds: 60 });
    expect(first).toMatchObject({
      retry_limit: 2,
      retry_delay: 60,
      retry_backoff: true,
      retry_delay_max: null,
    });
    // The same options again: the stored queue is left as it is.
    expect(await startWith({ retryLimit: 2, retryDelaySeconds: 60 })).toEqual(first);
    // Changed options reach the stored queue on the next start.
    expect(await startWith({ retryLimit: 5, retryDelaySeconds: 10 })).toMatchObject({
      retry_limit: 5,
      retry_delay: 10,
    });
  });

  it('several engines installing the schema at once all start (pg-boss installs under an advisory lock)', async () => {
    const { log } = await t.buildTestApp();
    await t.db.execute(sql.raw(`drop schema if exists ${JOB_SCHEMA} cascade`));
    const engines = Array.from({ length: 4 }, () =>
      createJobEngine({ database: t.database, log, workers: false }),
    );
    await Promise.all(engines.map((e) => e.start()));
    for (const engine of engines) await engine.check();
    expect(await query(sql.raw(`select version from ${JOB_SCHEMA}.version`))).toHaveLength(1);
    await Promise.all(engines.map((e) => e.stop()));
  });
});

// PGlite only: the adapter exists because PGlite has a single connection shared by the app and pg-boss.
describe.skipIf(!isPglite)('job engine on PGlite (one connection shared with the app)', () => {
  it('a pg-boss block that fails never poisons the app transactions waiting behind it', async () => {
    const adapter = createPgliteAdapter(t.database.pglite!);
    await t.db.execute(sql`create table if not exists probe (id serial primary key)`);
    let appFailures = 0;
    const appTx = () =>
      t.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into probe default values`);
          await tx.execute(sql`select count(*) from probe`);
        })
        .catch(() => appFailures++);
    // The shape pg-boss uses for locked work (queue creation, installs, maintenance), failing halfway.
    const failingBlock = () => adapter.executeSql('BEGIN; SELECT 1/0; COMMIT;').catch(() => {});
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) work.push(failingBlock(), appTx());
    await Promise.all(work);
    expect(appFailures).toBe(0);
    expect(await query(sql`select count(*)::int as n from probe`)).toEqual([{ n: 100 }]);
    const ok = await adapter.executeSql('BEGIN; SELECT 42 AS answer; COMMIT;');
    expect(ok.rows).toEqual([{ answer: 42 }]);
  });

  it('app transactions and a busy engine on one PGlite: every transaction commits and every job runs once', async () => {
    const app = await t.buildTestApp({}, { jobs: { start: true, pollingIntervalSeconds: 0.5 } });
    await t.db.execute(sql`create table if not exists probe (id serial primary key)`);
    const ran = new Map<number, number>();
    await app.jobs.work<{ n: number }>('test-load', { concurrency: 2 }, async (job) => {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe default values`);
      });
      ran.set(job.data.n, (ran.get(job.data.n) ?? 0) + 1);
    });
    const [before] = await query(sql`select count(*)::int as n from probe`);
    await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`insert into probe default values`);
          await app.jobs.send('test-load', { n }, { tx });
          await tx.execute(sql`select count(*) from probe`);
        }),
      ),
    );
    for (let i = 0; i < 200 && ran.size < 60; i++) await new Promise((r) => setTimeout(r, 50));
    expect(ran.size).toBe(60);
    expect([...ran.values()].every((times) => times === 1)).toBe(true);
    const [after] = await query(sql`select count(*)::int as n from probe`);
    expect(Number(after!.n) - Number(before!.n)).toBe(120);
    await app.close();
  });
});
