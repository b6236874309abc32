import type { FastifyBaseLogger } from 'fastify';
import type { JobEngine, WorkOptions } from '../jobs/index.ts';
import { applyAttendanceRule } from './attendance.ts';
import { collectDuePayments } from './collections.ts';
import { remindExpiringDocuments } from './document-reminders.ts';
import { applyFreezes } from './freezes.ts';
import { expireGuestPasses } from './guest-pass-expiry.ts';
import { endMemberships } from './membership-ends.ts';
import { startMemberships } from './membership-starts.ts';
import { advancePaymentDates } from './payment-dates.ts';
import type { ScheduledChangeDeps } from './run.ts';
import { expireWaitlistEntries } from './waitlist-expiry.ts';

/** The time zone the schedules' cron times are read in (pg-boss keeps them right across clock changes). */
export const SCHEDULE_TIME_ZONE = 'Europe/London';

/**
 * The scheduled changes (docs/decisions/032), one job type each, each with its own schedule. Day-based changes
 * run hourly (at 5 past): each venue's day is its own, so a change takes effect within the hour after the venue's
 * midnight whatever its time zone, and a run missed while no process was up is caught up by the next. Instant-based
 * expiries run more often. Reminders go out once a day, in the morning.
 */
export const SCHEDULED_CHANGES = [
  { name: 'scheduled-membership-starts', cron: '5 * * * *', run: startMemberships },
  { name: 'scheduled-freezes', cron: '5 * * * *', run: applyFreezes },
  { name: 'scheduled-membership-ends', cron: '5 * * * *', run: endMemberships },
  { name: 'scheduled-payment-dates', cron: '5 * * * *', run: advancePaymentDates },
  { name: 'scheduled-direct-debit-collections', cron: '15 * * * *', run: collectDuePayments },
  { name: 'scheduled-waitlist-expiry', cron: '* * * * *', run: expireWaitlistEntries },
  { name: 'scheduled-guest-pass-expiry', cron: '*/5 * * * *', run: expireGuestPasses },
  { name: 'scheduled-document-reminders', cron: '0 9 * * *', run: remindExpiringDocuments },
  { name: 'scheduled-attendance', cron: '20 * * * *', run: applyAttendanceRule },
] as const satisfies readonly {
  name: string;
  cron: string;
  run: (deps: ScheduledChangeDeps) => Promise<unknown>;
}[];

export type ScheduledChangeName = (typeof SCHEDULED_CHANGES)[number]['name'];

const WORK: WorkOptions = {
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  batchSize: 1,
  // One run of each change at a time across processes; the changes are idempotent anyway.
  policy: 'exclusive',
};

/** Registers every scheduled change's job type and schedule (stored by pg-boss: one job per tick in all). */
export async function registerScheduledChanges(jobs: JobEngine, deps: ScheduledChangeDeps) {
  for (const change of SCHEDULED_CHANGES) {
    await jobs.work(change.name, WORK, async () => {
      await change.run(deps);
    });
    await jobs.schedule(change.name, change.cron, {}, { tz: SCHEDULE_TIME_ZONE });
  }
}

/**
 * Queues one run of every change now (at start-up, to catch up after downtime), except those already queued or
 * running in any process (the queues are exclusive).
 */
export async function requestScheduledChanges(jobs: JobEngine, log: FastifyBaseLogger) {
  for (const change of SCHEDULED_CHANGES) {
    try {
      await jobs.send(change.name, {});
    } catch (err) {
      if (err instanceof Error && /not queued/.test(err.message)) {
        log.debug({ job: change.name }, 'Scheduled change is already queued or running');
        continue;
      }
      throw err;
    }
  }
}
