import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  activitySessions,
  auditLog,
  authSessions,
  bookings,
  checkIns,
  customers,
  memberships,
  orders,
} from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import type { JobEngine } from '../jobs/index.ts';
import type { FileStorage } from '../storage/index.ts';
import { eraseCustomer } from './erase.ts';

export const RETENTION_JOB = 'members-data-retention';
/** Nightly at 04:15 London time, after the timetable generation (03:30). */
export const RETENTION_CRON = '15 4 * * *';
export const RETENTION_ACTOR = 'Retention policy';

export type RetentionDeps = { db: Db; storage: FileStorage; log: FastifyBaseLogger; now: () => Date };
export type RetentionPolicy = { clientId: number; inactiveYears: number; batchSize: number };
export type RetentionResult = { cutoff: string; considered: number; erased: number; skipped: number };

/** The instant `years` years before `now` (a 29 February goes to the 28th). */
export function retentionCutoff(now: Date, years: number) {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  if (cutoff.getUTCMonth() !== now.getUTCMonth()) cutoff.setUTCDate(0);
  return cutoff;
}

/**
 * One page of customers inactive since `cutoff` (decision 077), after `afterId`, in id order: made before it, not
 * erased, and since it no login, no booking made or attended, no order, no check-in, no membership started or still
 * live. One statement (each test an index probe by customer), so a run costs the pages it reads.
 */
async function inactivePage(
  db: Db,
  input: { clientId: number; cutoff: Date; afterId: number; limit: number },
) {
  const { cutoff } = input;
  return db
    .select({ id: customers.id, reference: customers.reference })
    .from(customers)
    .where(
      and(
        eq(customers.clientId, input.clientId),
        gt(customers.id, input.afterId),
        lt(customers.createdAt, cutoff),
        sql`${customers.email} <> 'erased-' || ${customers.id} || '@erased.invalid'`,
        sql`not exists (select 1 from ${authSessions} where ${authSessions.customerId} = ${customers.id} and ${authSessions.createdAt} >= ${cutoff})`,
        sql`not exists (select 1 from ${bookings} join ${activitySessions} on ${activitySessions.id} = ${bookings.activitySessionId}
              where ${bookings.customerId} = ${customers.id} and (${bookings.createdAt} >= ${cutoff} or ${activitySessions.startsAt} >= ${cutoff}))`,
        sql`not exists (select 1 from ${orders} where ${orders.customerId} = ${customers.id} and ${orders.createdAt} >= ${cutoff})`,
        sql`not exists (select 1 from ${checkIns} where ${checkIns.customerId} = ${customers.id} and ${checkIns.at} >= ${cutoff})`,
        sql`not exists (select 1 from ${memberships} where ${memberships.customerId} = ${customers.id}
              and (${inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES])} or ${memberships.createdAt} >= ${cutoff}))`,
      ),
    )
    .orderBy(asc(customers.id))
    .limit(input.limit);
}

/**
 * The retention run (decision 077): reads inactive customers a page at a time and anonymises each with the erasure
 * of decision 073 in its own transaction (audited as 'customer.erase' by 'Retention policy'); one whose erasure is
 * refused (owes fees, a mandate collecting, a booking ahead, a live membership) is skipped and tried again the next
 * night. The run's totals are one audit entry ('retention.run') and a log line.
 */
export async function runRetention(
  deps: RetentionDeps,
  policy: RetentionPolicy,
): Promise<RetentionResult | null> {
  if (policy.inactiveYears <= 0) return null;
  const now = deps.now();
  const cutoff = retentionCutoff(now, policy.inactiveYears);
  const result: RetentionResult = { cutoff: cutoff.toISOString(), considered: 0, erased: 0, skipped: 0 };
  let afterId = 0;
  for (;;) {
    const page = await inactivePage(deps.db, {
      clientId: policy.clientId,
      cutoff,
      afterId,
      limit: policy.batchSize,
    });
    for (const c of page) {
      result.considered++;
      const outcome = await eraseCustomer(
        { db: deps.db, storage: deps.storage },
        {
          clientId: policy.clientId,
          customerId: c.id,
          confirmation: c.reference,
          actor: { staffId: null, name: RETENTION_ACTOR },
          now: deps.now(),
        },
      );
      if (outcome.kind === 'erased') result.erased++;
      else {
        result.skipped++;
        deps.log.info(
          {
            customerId: c.id,
            outcome: outcome.kind,
            reasons: outcome.kind === 'outstanding' ? outcome.reasons.map((r) => r.code) : undefined,
          },
          'Retention: customer skipped',
        );
      }
    }
    if (page.length < policy.batchSize) break;
    afterId = page[page.length - 1]!.id;
  }
  await deps.db.insert(auditLog).values({
    at: deps.now(),
    staffId: null,
    actor: RETENTION_ACTOR,
    action: 'retention.run',
    entity: 'retention',
    entityId: null,
    before: null,
    after: { inactive_years: policy.inactiveYears, ...result },
  });
  deps.log.info({ ...result, inactiveYears: policy.inactiveYears }, 'Retention run finished');
  return result;
}

/** Registers the nightly retention job (one run a night whatever the number of processes: pg-boss's schedule). */
export async function registerRetention(
  jobs: JobEngine,
  deps: RetentionDeps,
  policy: () => Promise<RetentionPolicy>,
) {
  await jobs.work(
    RETENTION_JOB,
    { retryLimit: 2, expireInSeconds: 60 * 60, policy: 'exclusive' },
    async () => {
      await runRetention(deps, await policy());
    },
  );
  await jobs.schedule(RETENTION_JOB, RETENTION_CRON, {}, { tz: 'Europe/London' });
}
