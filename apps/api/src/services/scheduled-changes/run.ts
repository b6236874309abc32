import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { venues } from '../../db/schema.ts';
import { DEFAULT_TIME_ZONE, localDateOf } from '../../lib/local-date.ts';
import type { DirectDebitProvider } from '../direct-debit/index.ts';

/** What every scheduled change runs with; tests call the run functions directly with a fixed `now`. */
export type ScheduledChangeDeps = {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The account site's address for links in mail (SITE_URLS); null in single-origin mode (no link then). */
  accountUrl: string | null;
  /** The direct-debit provider the monthly collections are asked of; without it none are (tests of other changes). */
  directDebit?: Pick<DirectDebitProvider, 'name' | 'collect'>;
};

/** Rows taken per transaction: a run works through larger backlogs a batch at a time. */
export const BATCH_SIZE = 200;

/**
 * Each distinct venue time zone as stored (an empty zone means the default, Europe/London) with that zone's today
 * at `now`: day-based changes compare venue-local dates, never the server's or UTC's date.
 */
export async function venueZones(db: Db, now: Date) {
  const rows = await db.selectDistinct({ timeZone: venues.timeZone }).from(venues);
  return rows.map((r) => ({
    stored: r.timeZone,
    today: localDateOf(now, r.timeZone || DEFAULT_TIME_ZONE),
  }));
}

/**
 * Runs `batch` in a transaction again and again until it changes nothing, and returns how many rows it changed
 * in all. A batch selects the rows still due `FOR UPDATE SKIP LOCKED` and changes them under the same conditions,
 * so two processes never change one row twice, and a row changed is no longer due (the loop ends).
 */
export async function inBatches(db: Db, batch: (tx: Tx) => Promise<number>) {
  let total = 0;
  for (;;) {
    const changed = await db.transaction(batch);
    total += changed;
    if (changed < BATCH_SIZE) return total;
  }
}
