import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { memberships } from '../src/db/schema.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import type { ScheduledChangeDeps } from '../src/services/scheduled-changes/index.ts';
import {
  createClient,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createVenue,
  setupTestDatabase,
} from './helper.ts';

// Shared by the scheduled-changes-*.int.test.ts files: each builds these on its own database.
//
// The clocks in London go forward at 01:00Z on Sunday 29 March 2026 (GMT → BST) and back at 01:00Z on Sunday
// 25 October 2026 (BST → GMT). While BST is on, the venue's midnight is 23:00Z the evening before, so a day-based
// change that read the UTC date would be an hour late: each test runs a change at the last minute of the day before
// and at the venue's midnight, then once more to show the second run changes nothing.

export const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
} as unknown as ScheduledChangeDeps['log'];

/**
 * One test file's fresh database with a client and its venue in London, and the helpers of `scheduledChangeHelpers`
 * on them. Call once per file.
 */
export async function scheduledChangesTestbed() {
  const t = await setupTestDatabase();
  const client = await createClient(t.db);
  const venue = await createVenue(t.db, { clientId: client.id, timeZone: 'Europe/London' });
  return { t, client, venue, ...scheduledChangeHelpers(t, client, venue) };
}

/** The helpers of one test file, on its database, client and venue. */
function scheduledChangeHelpers(t: { db: Db }, client: { id: number }, venue: { id: number }) {
  const deps = (iso: string, accountUrl: string | null = null): ScheduledChangeDeps => ({
    db: t.db,
    log: quiet,
    now: () => new Date(iso),
    accountUrl,
  });

  /** A monthly and a single-payment membership type of the client, named for what members see. */
  async function typeWithOption(name: string, paymentType: 'recurring' | 'fixed' = 'recurring') {
    const type = await createMembershipType(t.db, { clientId: client.id, name });
    const option = await createPaymentOption(t.db, {
      membershipTypeId: type.id,
      paymentType,
      ...(paymentType === 'fixed' ? { name: 'Annual', fixedDuration: 1, fixedPeriod: 'year' as const } : {}),
    });
    return { type, option };
  }

  async function membershipOf(
    customerId: number,
    of: { type: { id: number }; option: { id: number } },
    values: Partial<typeof memberships.$inferInsert> = {},
  ) {
    return createMembership(t.db, {
      customerId,
      membershipTypeId: of.type.id,
      paymentOptionId: of.option.id,
      homeVenueId: venue.id,
      ...values,
    });
  }

  const membershipRows = (ids: number[]) =>
    t.db.select().from(memberships).where(inArray(memberships.id, ids)).orderBy(asc(memberships.id));
  const state = async (ids: number[]) => {
    const rows = await membershipRows(ids);
    const info = await findStatusInfo(t.db, rows);
    return rows.map((m) => ({
      status: m.status,
      statusInfo: info.get(m.id) ?? null,
      expiresAt: m.expiresAt,
      nextPaymentDate: m.nextPaymentDate,
    }));
  };

  return { deps, typeWithOption, membershipOf, membershipRows, state };
}
