import type { GuestPass } from '@fieldhouse/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { guestPasses, venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import type { VenueRef } from './pass-allowances.ts';

/** The passes a member has sent (account-shell §3 Guest passes): the list, one pass, and the status shown. */

type GuestPassRow = typeof guestPasses.$inferSelect;

/** The status a person sees: a pass not redeemed by its valid-to moment has expired. */
export function guestPassStatus(
  pass: Pick<GuestPassRow, 'status' | 'validTo'>,
  now: Date,
): GuestPass['status'] {
  if (pass.status === 'redeemed') return 'redeemed';
  return pass.validTo.getTime() <= now.getTime() ? 'expired' : 'issued';
}

export const toGuestPassWire = (pass: GuestPassRow, venue: VenueRef, now: Date): GuestPass => ({
  id: pass.id,
  guest_name: pass.guestName,
  guest_email: pass.guestEmail,
  status: guestPassStatus(pass, now),
  valid_to: pass.validTo.toISOString(),
  redeemed_at: pass.redeemedAt?.toISOString() ?? null,
  created_at: pass.createdAt.toISOString(),
  code: pass.code,
  venue,
});

/** GET /api/v1/users/:userId/guestPasses?page&per_page (newest first). */
export async function findGuestPasses(
  db: DbOrTx,
  customerId: number,
  query: { page: number; per_page: number },
  now: Date,
) {
  const [total] = await db
    .select({ n: count() })
    .from(guestPasses)
    .where(eq(guestPasses.customerId, customerId));
  const { offset, limit, pagination } = paginate({
    page: query.page,
    perPage: query.per_page,
    totalRecords: Number(total?.n ?? 0),
  });
  const rows = await db
    .select({ pass: guestPasses, venue: { id: venues.id, name: venues.name } })
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(eq(guestPasses.customerId, customerId))
    .orderBy(desc(guestPasses.createdAt), desc(guestPasses.id))
    .limit(limit)
    .offset(offset);
  return { guest_passes: rows.map((r) => toGuestPassWire(r.pass, r.venue, now)), pagination };
}

/** GET /api/v1/users/:userId/guestPasses/:id (the caller's own, else 404). */
export async function findGuestPass(db: DbOrTx, customerId: number, id: number, now: Date) {
  const [row] = await db
    .select({ pass: guestPasses, venue: { id: venues.id, name: venues.name } })
    .from(guestPasses)
    .innerJoin(venues, eq(venues.id, guestPasses.venueId))
    .where(and(eq(guestPasses.id, id), eq(guestPasses.customerId, customerId)))
    .limit(1);
  if (!row) throw notFound();
  return toGuestPassWire(row.pass, row.venue, now);
}
