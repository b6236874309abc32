import type { DeskInstant } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import { customers, directDebitMandates, savedCards } from '../../../db/schema.ts';
import { venueDateAtTime, venueLocalIso } from '../../../lib/venue-time.ts';

/** Where a staff member may act: their venues, or every venue (administrators). */
export type VenueScope = { venueIds: number[] | 'all' };
export const inScope = (scope: VenueScope, venueId: number) =>
  scope.venueIds === 'all' || scope.venueIds.includes(venueId);

/** An instant as the desk shows it, where the venue is. */
export const deskInstant = (at: Date, timeZone: string): DeskInstant => ({
  raw: at.toISOString(),
  local: venueLocalIso(at, timeZone),
  pretty: venueDateAtTime(at, timeZone),
});

export const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;

/** The staff-only link to a customer's photo (null with none). */
export const deskPhotoUrl = (customerId: number, photoPath: string | null) =>
  photoPath ? `/api/staff/desk/customers/${customerId}/photo` : null;

/**
 * Customers have no postal address of their own: the postcode the desk sees is their latest direct-debit mandate's
 * billing postcode, else their latest saved card's.
 */
export const customerPostcode = sql<string | null>`coalesce(
  (select m.billing_postcode from ${directDebitMandates} m where m.customer_id = ${customers.id} order by m.created_at desc, m.id desc limit 1),
  (select c.billing_postcode from ${savedCards} c where c.customer_id = ${customers.id} and c.deleted_at is null order by c.created_at desc, c.id desc limit 1)
)`;
