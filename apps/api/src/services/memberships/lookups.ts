import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { membershipTypes, membershipTypeVenues, paymentOptions, venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';

/** Lookups every joining call starts with: the client's venue, the types on sale there, a payment option. */

export async function venueOf(db: DbOrTx, clientId: number, venueId: number) {
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.clientId, clientId)));
  if (!venue) throw notFound();
  return venue;
}

/** Membership types on sale at a venue: national ones and those listing the venue (not those the catalogue archived). */
export async function typesAtVenue(db: DbOrTx, clientId: number, venueId: number) {
  const listed = db
    .select({ id: membershipTypeVenues.membershipTypeId })
    .from(membershipTypeVenues)
    .where(eq(membershipTypeVenues.venueId, venueId));
  return db
    .select()
    .from(membershipTypes)
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        isNull(membershipTypes.archivedAt),
        or(eq(membershipTypes.coverage, 'national'), inArray(membershipTypes.id, listed)),
      ),
    )
    .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.id));
}

/** A payment option on sale (neither it nor its type archived by the catalogue), with its type. */
export async function optionOfClient(db: DbOrTx, clientId: number, optionId: number) {
  const [row] = await db
    .select({ option: paymentOptions, type: membershipTypes })
    .from(paymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
    .where(
      and(
        eq(paymentOptions.id, optionId),
        eq(membershipTypes.clientId, clientId),
        isNull(paymentOptions.archivedAt),
        isNull(membershipTypes.archivedAt),
      ),
    );
  return row ?? null;
}
