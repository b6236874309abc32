import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { memberships } from '../src/db/schema.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import type { ScheduledChangeDeps } from '../src/services/scheduled-changes/index.ts';
import { createMembership, createMembershipType, createPaymentOption } from './helper.ts';

// Shared by the scheduled-changes-*.int.test.ts files: each builds these on its own database.

export const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
} as unknown as ScheduledChangeDeps['log'];

/** The helpers of one test file, on its database, client and venue. */
export function scheduledChangeHelpers(t: { db: Db }, client: { id: number }, venue: { id: number }) {
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
