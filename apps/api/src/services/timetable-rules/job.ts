import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import type { JobEngine, WorkOptions } from '../jobs/index.ts';
import { describeConflict } from './describe.ts';
import { type GenerationResult, generateSessionsByVenue } from './generate.ts';

/** The job type that generates every client's sessions from their weekly timetables (docs/decisions/029). */
export const TIMETABLE_GENERATION_JOB = 'timetable-generation';
/** Daily at 03:30 venue time: after the night's clock changes (01:00–02:00), before anyone books in the morning. */
export const TIMETABLE_GENERATION_CRON = '30 3 * * *';

const WORK: WorkOptions = {
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 30 * 60,
  batchSize: 1,
  // One run at a time across processes: a start-up run sent while another is queued or running is dropped.
  policy: 'exclusive',
};

export type TimetableGenerationDeps = { db: Db; log: FastifyBaseLogger; now: () => Date };

/**
 * Generates the sessions of every client, one transaction per venue, and logs what it did: the counts at info
 * and each conflict (a booked session kept as it is) at warn, in a sentence. A client that fails is logged and
 * the others still run; the run then fails so the job is retried.
 */
export async function runTimetableGeneration(deps: TimetableGenerationDeps) {
  const rows = await deps.db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id));
  const results = new Map<number, GenerationResult>();
  let failed: unknown = null;
  for (const { id: clientId } of rows) {
    try {
      const result = await generateSessionsByVenue(deps.db, { clientId, now: deps.now() });
      results.set(clientId, result);
      const { created, updated, removed, cancelled, conflicts } = result;
      deps.log.info(
        { clientId, created, updated, removed, cancelled, conflicts: conflicts.length },
        'Timetable sessions generated',
      );
      for (const c of conflicts)
        deps.log.warn(
          { clientId, venueId: c.venueId, sessionId: c.sessionId, kind: c.kind, reason: c.reason },
          `Timetable conflict: ${describeConflict(c)}`,
        );
    } catch (err) {
      failed = err;
      deps.log.error({ err, clientId }, 'Timetable generation failed');
    }
  }
  const all = [...results.values()];
  const sum = (pick: (r: GenerationResult) => number) => all.reduce((n, r) => n + pick(r), 0);
  deps.log.info(
    {
      clients: rows.length,
      failed: rows.length - all.length,
      created: sum((r) => r.created),
      updated: sum((r) => r.updated),
      removed: sum((r) => r.removed),
      cancelled: sum((r) => r.cancelled),
      conflicts: sum((r) => r.conflicts.length),
    },
    'Timetable generation run finished',
  );
  if (failed) throw failed;
  return results;
}

/** Registers the job type and its daily schedule (stored by pg-boss: one job per day whatever the processes). */
export async function registerTimetableGeneration(jobs: JobEngine, deps: TimetableGenerationDeps) {
  await jobs.work(TIMETABLE_GENERATION_JOB, WORK, async () => {
    await runTimetableGeneration(deps);
  });
  await jobs.schedule(TIMETABLE_GENERATION_JOB, TIMETABLE_GENERATION_CRON, {}, { tz: 'Europe/London' });
}

/**
 * Queues a run now (at start-up), unless one is already queued or running in any process (the queue is
 * exclusive), so several processes starting at once run it once.
 */
export async function requestTimetableGeneration(jobs: JobEngine, log: FastifyBaseLogger) {
  try {
    await jobs.send(TIMETABLE_GENERATION_JOB, {});
  } catch (err) {
    if (err instanceof Error && /not queued/.test(err.message)) {
      log.debug('Timetable generation is already queued or running');
      return;
    }
    throw err;
  }
}
