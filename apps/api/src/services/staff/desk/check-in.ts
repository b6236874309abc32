import type { CheckInReason, CheckInVerdict } from '@fieldhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { checkIns, customers, venues } from '../../../db/schema.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { decideEntry, findEntryFacts } from './entitlement.ts';
import { deskInstant, inScope, type VenueScope } from './shared.ts';

export type CheckInOutcome =
  | {
      kind: 'done';
      checkIn: {
        id: number;
        customer_id: number;
        at: ReturnType<typeof deskInstant>;
        venue: { id: number; name: string };
        staff: string;
        allowed: boolean;
        reasons: CheckInReason[];
        override_reason: string | null;
      };
    }
  | { kind: 'refused'; reasons: CheckInReason[] }
  | { kind: 'customer_not_found' }
  | { kind: 'venue_not_found' };

type Where = { clientId: number; customerId: number; venueId: number; scope: VenueScope };

/** The operator's customer and one of the staff member's venues (not archived), or what is missing. */
async function findCustomerAndVenue(db: DbOrTx, input: Where) {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.clientId, input.clientId)));
  if (!customer) return { kind: 'customer_not_found' as const };
  const [venue] = await db
    .select({ id: venues.id, name: venues.name, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.id, input.venueId), eq(venues.clientId, input.clientId), isNull(venues.archivedAt)));
  if (!venue || !inScope(input.scope, venue.id)) return { kind: 'venue_not_found' as const };
  return { kind: 'found' as const, customer, venue };
}

/** GET …/check-in?venue_id=: whether the member may enter the desk's venue now, and why not. Writes nothing. */
export async function previewCheckIn(
  db: Db,
  input: Where & { now: Date },
): Promise<
  { kind: 'verdict'; verdict: CheckInVerdict } | { kind: 'customer_not_found' } | { kind: 'venue_not_found' }
> {
  const found = await findCustomerAndVenue(db, input);
  if (found.kind !== 'found') return found;
  const { venue } = found;
  const verdict = decideEntry(
    await findEntryFacts(db, {
      clientId: input.clientId,
      customerId: found.customer.id,
      venue,
      now: input.now,
    }),
  );
  return { kind: 'verdict', verdict: { ...verdict, venue: { id: venue.id, name: venue.name } } };
}

/**
 * Lets a member in at one of the staff member's venues: the verdict is worked out again here, so a member the desk
 * refuses is let in only with an override reason (else 'refused' with the reasons). The check-in row keeps the
 * verdict, its reasons and the override reason; its audit entry says whether staff overrode the desk. Together.
 */
export async function checkIn(
  db: Db,
  input: Where & { overrideReason?: string; actor: Actor; now: Date },
): Promise<CheckInOutcome> {
  return transactionRetried(db, async (tx) => {
    const found = await findCustomerAndVenue(tx, input);
    if (found.kind !== 'found') return found;
    const { customer, venue } = found;
    const verdict = decideEntry(
      await findEntryFacts(tx, { clientId: input.clientId, customerId: customer.id, venue, now: input.now }),
    );
    if (!verdict.allowed && !input.overrideReason) return { kind: 'refused', reasons: verdict.reasons };
    const overrideReason = verdict.allowed ? null : input.overrideReason!;
    const [row] = await tx
      .insert(checkIns)
      .values({
        customerId: customer.id,
        venueId: venue.id,
        staffId: input.actor.staffId,
        at: input.now,
        allowed: verdict.allowed,
        reasons: verdict.reasons,
        overrideReason,
      })
      .returning({ id: checkIns.id });
    await recordAudit(tx, input.actor, input.now, {
      action: overrideReason ? 'customer.check_in_override' : 'customer.check_in',
      entity: 'check_in',
      entityId: row!.id,
      before: null,
      after: {
        customer_id: customer.id,
        venue_id: venue.id,
        at: input.now.toISOString(),
        allowed: verdict.allowed,
        ...(overrideReason
          ? { reasons: verdict.reasons.map((r) => r.code), override_reason: overrideReason }
          : {}),
      },
    });
    return {
      kind: 'done',
      checkIn: {
        id: row!.id,
        customer_id: customer.id,
        at: deskInstant(input.now, venue.timeZone),
        venue: { id: venue.id, name: venue.name },
        staff: input.actor.name,
        allowed: verdict.allowed,
        reasons: verdict.reasons,
        override_reason: overrideReason,
      },
    };
  });
}
