import { DESK_SEARCH_LIMIT, type DeskCustomerSummary } from '@fieldhouse/contract';
import { type AnyColumn, and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customers, directDebitMandates, savedCards, venues } from '../../../db/schema.ts';
import { customerPostcode, deskPhotoUrl, fullName } from './shared.ts';

/** LIKE's wildcards taken literally ('50%_off' finds itself). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const compactPostcode = (column: AnyColumn) => sql`replace(upper(${column}), ' ', '')`;

/**
 * The operator's customers matching `q` (any venue: members visit other venues), at most DESK_SEARCH_LIMIT: every
 * word of `q` in the first or last name (partial, any case), or an email, customer number or postcode starting
 * with `q` (postcode spaces ignored). Exact customer numbers and emails come first, then by name.
 */
export async function searchCustomers(
  db: DbOrTx,
  input: { clientId: number; q: string },
): Promise<DeskCustomerSummary[]> {
  const q = input.q.trim();
  const words = q.split(/\s+/).filter(Boolean);
  const byName = and(
    ...words.map((w) =>
      or(ilike(customers.firstName, `%${literal(w)}%`), ilike(customers.lastName, `%${literal(w)}%`)),
    ),
  );
  const postcode = literal(q.replace(/\s+/g, '').toUpperCase());
  const byPostcode =
    postcode.length >= 2
      ? or(
          sql`exists (select 1 from ${directDebitMandates} where ${directDebitMandates.customerId} = ${customers.id} and ${compactPostcode(directDebitMandates.billingPostcode)} like ${`${postcode}%`})`,
          sql`exists (select 1 from ${savedCards} where ${savedCards.customerId} = ${customers.id} and ${savedCards.deletedAt} is null and ${compactPostcode(savedCards.billingPostcode)} like ${`${postcode}%`})`,
        )
      : undefined;
  const exact = sql`(upper(${customers.reference}) = ${q.toUpperCase()} or lower(${customers.email}) = ${q.toLowerCase()})`;
  const rows = await db
    .select({
      id: customers.id,
      reference: customers.reference,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      photoPath: customers.profilePhotoPath,
      venueId: venues.id,
      venueName: venues.name,
      postcode: customerPostcode,
    })
    .from(customers)
    .leftJoin(venues, eq(venues.id, customers.homeVenueId))
    .where(
      and(
        eq(customers.clientId, input.clientId),
        or(
          byName,
          ilike(customers.email, `${literal(q)}%`),
          ilike(customers.reference, `${literal(q)}%`),
          byPostcode,
        ),
      ),
    )
    .orderBy(desc(exact), asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(DESK_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    name: fullName(r),
    email: r.email,
    postcode: r.postcode,
    home_venue: r.venueId !== null && r.venueName !== null ? { id: r.venueId, name: r.venueName } : null,
    photo_url: deskPhotoUrl(r.id, r.photoPath),
  }));
}
