import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { customers, guestPasses, venues } from '../../../db/schema.ts';
import { venueDateAtTime } from '../../../lib/venue-time.ts';
import { guestPassStatus } from '../../guest-passes/index.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { deskInstant, fullName, inScope, type VenueScope } from './shared.ts';

export type RedemptionOutcome =
  | {
      kind: 'done';
      pass: {
        id: number;
        code: string;
        guest_name: string;
        guest_email: string;
        status: 'redeemed';
        valid_to: ReturnType<typeof deskInstant>;
        redeemed_at: ReturnType<typeof deskInstant>;
        venue: { id: number; name: string };
        member: { id: number; reference: string; name: string };
      };
    }
  | { kind: 'not_found' }
  | { kind: 'venue_not_found' }
  | { kind: 'already_redeemed'; date: string }
  | { kind: 'expired'; date: string }
  | { kind: 'wrong_venue'; venue: string; desk: string };

/**
 * Redeems a guest pass by its code (any case, spaces around ignored) at one of the staff member's venues, in one
 * transaction that locks the pass: two desks redeeming one pass cannot both succeed. A pass for a venue the staff
 * member does not work at is not found; one for another of their venues than the desk's (`deskVenueId`) is the
 * wrong venue; a redeemed or expired pass says when. The member's guest-pass list then shows it redeemed.
 */
export async function redeemGuestPass(
  db: Db,
  input: {
    clientId: number;
    code: string;
    deskVenueId?: number;
    scope: VenueScope;
    actor: Actor;
    now: Date;
  },
): Promise<RedemptionOutcome> {
  return transactionRetried(db, async (tx) => {
    let desk: { id: number; name: string } | undefined;
    if (input.deskVenueId !== undefined) {
      [desk] = await tx
        .select({ id: venues.id, name: venues.name })
        .from(venues)
        .where(and(eq(venues.id, input.deskVenueId), eq(venues.clientId, input.clientId)));
      if (!desk || !inScope(input.scope, desk.id)) return { kind: 'venue_not_found' };
    }
    const [row] = await tx
      .select({
        pass: guestPasses,
        venue: { id: venues.id, name: venues.name, timeZone: venues.timeZone },
        member: {
          id: customers.id,
          reference: customers.reference,
          firstName: customers.firstName,
          lastName: customers.lastName,
        },
      })
      .from(guestPasses)
      .innerJoin(venues, eq(venues.id, guestPasses.venueId))
      .innerJoin(customers, eq(customers.id, guestPasses.customerId))
      .where(
        and(
          sql`upper(${guestPasses.code}) = ${input.code.trim().toUpperCase()}`,
          eq(venues.clientId, input.clientId),
        ),
      )
      .for('update', { of: guestPasses })
      .limit(1);
    if (!row || !inScope(input.scope, row.venue.id)) return { kind: 'not_found' };
    const { pass, venue } = row;
    if (desk && desk.id !== venue.id) return { kind: 'wrong_venue', venue: venue.name, desk: desk.name };
    const status = guestPassStatus(pass, input.now);
    if (status === 'redeemed')
      return {
        kind: 'already_redeemed',
        date: pass.redeemedAt ? venueDateAtTime(pass.redeemedAt, venue.timeZone) : '',
      };
    if (status === 'expired') return { kind: 'expired', date: venueDateAtTime(pass.validTo, venue.timeZone) };
    await tx
      .update(guestPasses)
      .set({ status: 'redeemed', redeemedAt: input.now, redeemedByStaffId: input.actor.staffId })
      .where(eq(guestPasses.id, pass.id));
    await recordAudit(tx, input.actor, input.now, {
      action: 'guest_pass.redeem',
      entity: 'guest_pass',
      entityId: pass.id,
      before: { status: pass.status, redeemed_at: null },
      after: { status: 'redeemed', redeemed_at: input.now.toISOString(), venue_id: venue.id },
    });
    return {
      kind: 'done',
      pass: {
        id: pass.id,
        code: pass.code,
        guest_name: pass.guestName,
        guest_email: pass.guestEmail,
        status: 'redeemed',
        valid_to: deskInstant(pass.validTo, venue.timeZone),
        redeemed_at: deskInstant(input.now, venue.timeZone),
        venue: { id: venue.id, name: venue.name },
        member: { id: row.member.id, reference: row.member.reference, name: fullName(row.member) },
      },
    };
  });
}
