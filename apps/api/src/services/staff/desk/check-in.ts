import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { checkIns, customers, venues } from '../../../db/schema.ts';
import { type Actor, recordAudit } from '../audit.ts';
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
      };
    }
  | { kind: 'customer_not_found' }
  | { kind: 'venue_not_found' };

/** Lets a member in at one of the staff member's venues: a check-in row and its audit entry, together. */
export async function checkIn(
  db: Db,
  input: {
    clientId: number;
    customerId: number;
    venueId: number;
    scope: VenueScope;
    actor: Actor;
    now: Date;
  },
): Promise<CheckInOutcome> {
  return transactionRetried(db, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), eq(customers.clientId, input.clientId)));
    if (!customer) return { kind: 'customer_not_found' };
    const [venue] = await tx
      .select({ id: venues.id, name: venues.name, timeZone: venues.timeZone })
      .from(venues)
      .where(
        and(eq(venues.id, input.venueId), eq(venues.clientId, input.clientId), isNull(venues.archivedAt)),
      );
    if (!venue || !inScope(input.scope, venue.id)) return { kind: 'venue_not_found' };
    const [row] = await tx
      .insert(checkIns)
      .values({ customerId: customer.id, venueId: venue.id, staffId: input.actor.staffId, at: input.now })
      .returning({ id: checkIns.id });
    await recordAudit(tx, input.actor, input.now, {
      action: 'customer.check_in',
      entity: 'check_in',
      entityId: row!.id,
      before: null,
      after: { customer_id: customer.id, venue_id: venue.id, at: input.now.toISOString() },
    });
    return {
      kind: 'done',
      checkIn: {
        id: row!.id,
        customer_id: customer.id,
        at: deskInstant(input.now, venue.timeZone),
        venue: { id: venue.id, name: venue.name },
        staff: input.actor.name,
      },
    };
  });
}
