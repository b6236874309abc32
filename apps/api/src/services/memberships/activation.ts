import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, directDebitMandates, memberships } from '../../db/schema.ts';
import {
  addPeriod,
  DEFAULT_TIME_ZONE,
  formatIso,
  localDateOf,
  parseLocalDate,
} from '../../lib/local-date.ts';
import type { CartMembership } from '../cart/index.ts';
import { endReplacedMembership } from './membership-change.ts';

/**
 * A paid new membership: active from its start date (venue-local today or earlier), else pending; the next payment
 * is the first billing date (recurring) or it expires a fixed duration after the start (fixed). The customer takes
 * the billing day and home venue when they have none, and the mandate becomes their instruction.
 */
export async function activatePaidMembership(sp: Tx, customerId: number, m: CartMembership, now: Date) {
  const today = formatIso(localDateOf(now, m.timeZone || DEFAULT_TIME_ZONE));
  const start = parseLocalDate(m.startDate)!;
  const expiresAt =
    m.paymentType === 'fixed' && m.fixedDuration && m.fixedPeriod
      ? formatIso(addPeriod(start, m.fixedDuration, m.fixedPeriod))
      : null;
  const [row] = await sp
    .update(memberships)
    .set({
      status: m.startDate <= today ? 'active' : 'pending',
      awaitingPayment: false,
      nextPaymentDate: m.paymentType === 'recurring' ? m.costs.firstBillingDate : null,
      expiresAt,
    })
    .where(and(eq(memberships.id, m.id), eq(memberships.awaitingPayment, true)))
    .returning({ homeVenueId: memberships.homeVenueId });
  if (!row) throw new Error(`Membership ${m.id} is no longer awaiting payment`);
  if (m.replacesMembershipId) {
    await endReplacedMembership(sp, {
      replacedId: m.replacesMembershipId,
      newStart: start,
      today: localDateOf(now, m.timeZone || DEFAULT_TIME_ZONE),
      newName: m.typeName,
    });
  }
  const [customer] = await sp
    .select({ billingDay: customers.billingDay, homeVenueId: customers.homeVenueId })
    .from(customers)
    .where(eq(customers.id, customerId));
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (customer!.billingDay === null && m.costs.billingDay !== null) changes.billingDay = m.costs.billingDay;
  if (customer!.homeVenueId === null) changes.homeVenueId = row.homeVenueId;
  if (m.mandateId) {
    await sp
      .update(directDebitMandates)
      .set({ status: 'active', activatedAt: now })
      .where(
        and(eq(directDebitMandates.id, m.mandateId), eq(directDebitMandates.status, 'pending_submission')),
      );
    changes.hasInstruction = true;
  }
  if (Object.keys(changes).length)
    await sp.update(customers).set(changes).where(eq(customers.id, customerId));
}
