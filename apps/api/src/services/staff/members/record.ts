import { CUSTOMER_FLAG_LABELS, CUSTOMER_FLAGS, type MemberRecord } from '@fieldhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customerFlags, customerNotes, customers, staffAccounts, venues } from '../../../db/schema.ts';
import { venueDateAtTime } from '../../../lib/venue-time.ts';
import { inScope, type VenueScope } from '../desk/shared.ts';

/** The staff member who acts, and where they may: an administrator every customer, others their venues'. */
export type MemberActor = { staffId: number; name: string; scope: VenueScope };

/**
 * Whether staff of `scope` may read and change a customer's record: a customer belongs to a venue through their
 * home venue; one with none (registered online, no membership yet) is the administrators' (decision 070).
 */
export const mayServe = (scope: VenueScope, homeVenueId: number | null) =>
  scope.venueIds === 'all' || (homeVenueId !== null && inScope(scope, homeVenueId));

/** The operator's customer row if the staff member may serve them, else null (the caller answers 404). */
export async function findServedCustomer(
  db: DbOrTx,
  input: { clientId: number; customerId: number; scope: VenueScope; forUpdate?: boolean },
) {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.clientId, input.clientId)))
    .limit(1);
  const [row] = input.forUpdate ? await query.for('update') : await query;
  return row && mayServe(input.scope, row.homeVenueId) ? row : null;
}

const instant = (at: Date, timeZone: string) => ({
  raw: at.toISOString(),
  pretty: venueDateAtTime(at, timeZone),
});

/** GET /api/staff/members/:id: the customer's details, flags and notes (newest first); null outside the scope. */
export async function findMemberRecord(
  db: DbOrTx,
  input: { clientId: number; customerId: number; scope: VenueScope; timeZone: string },
): Promise<MemberRecord | null> {
  const c = await findServedCustomer(db, input);
  if (!c) return null;
  const [venue, creator, flags, notes] = await Promise.all([
    c.homeVenueId === null
      ? Promise.resolve([])
      : db.select({ id: venues.id, name: venues.name }).from(venues).where(eq(venues.id, c.homeVenueId)),
    c.createdByStaffId === null
      ? Promise.resolve([])
      : db
          .select({ name: staffAccounts.name })
          .from(staffAccounts)
          .where(eq(staffAccounts.id, c.createdByStaffId)),
    db.select().from(customerFlags).where(eq(customerFlags.customerId, c.id)),
    db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.customerId, c.id))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
  ]);
  return {
    id: c.id,
    reference: c.reference,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    date_of_birth: c.dateOfBirth ?? '',
    address_line_one: c.addressLine1 ?? '',
    address_line_two: c.addressLine2 ?? '',
    town: c.town ?? '',
    postcode: c.postcode ?? '',
    emergency_contact_name: c.emergencyContactName ?? '',
    emergency_contact_phone: c.emergencyContactPhone ?? '',
    medical_notes: c.medicalNotes ?? '',
    marketing_opt_in: c.marketingOptIn,
    home_venue: venue[0] ?? null,
    walk_in: c.createdByStaffId === null ? null : { created_by: creator[0]?.name ?? null },
    has_password: hasPassword(c.passwordHash),
    flags: CUSTOMER_FLAGS.map((flag) => {
      const set = flags.find((f) => f.flag === flag);
      return {
        flag,
        label: CUSTOMER_FLAG_LABELS[flag],
        is_set: Boolean(set),
        set_by: set?.author ?? null,
        set_at: set ? instant(set.setAt, input.timeZone) : null,
      };
    }),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      author: n.author,
      created_at: instant(n.createdAt, input.timeZone),
    })),
  };
}

/** A walk-in's record has no password until they set one (an empty hash, which no password matches). */
export const NO_PASSWORD = '';
export const hasPassword = (passwordHash: string) => passwordHash !== NO_PASSWORD;
