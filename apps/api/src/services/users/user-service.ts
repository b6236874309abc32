import type { User } from '@fieldhouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, memberships, penalties, venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { toMoney } from '../../lib/money.ts';
import type { ClientRow } from '../clients/index.ts';
import { findCreditBalances } from '../credits/index.ts';
import { toProfilePhoto } from '../customers/index.ts';
import { DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT, findDocumentNotices } from '../memberships/index.ts';

/** The logged-in customer in the contract's `user` shape. */
export async function findUser(db: DbOrTx, customerId: number, client: ClientRow, now: Date): Promise<User> {
  const [row] = await db
    .select({ customer: customers, homeVenueSlug: venues.slug })
    .from(customers)
    .leftJoin(venues, eq(venues.id, customers.homeVenueId))
    .where(eq(customers.id, customerId))
    .limit(1)
    .prepare('user_customer')
    .execute();
  if (!row) throw notFound();
  const { customer } = row;

  const credit = await findCreditBalances(db, customerId, now);
  const [unpaid] = await db
    .select({ id: penalties.id })
    .from(penalties)
    .where(and(eq(penalties.customerId, customerId), eq(penalties.status, 'unpaid')))
    .limit(1)
    .prepare('user_unpaid_penalty')
    .execute();
  const [liveMembership] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(memberships.awaitingPayment, false),
        inArray(memberships.status, ['pending', 'active', 'frozen']),
      ),
    )
    .limit(1)
    .prepare('user_live_membership')
    .execute();

  const documents = await findDocumentNotices(db, customerId, now);

  return {
    id: customer.id,
    reference: customer.reference,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    home_venue_slug: row.homeVenueSlug,
    membership_user: Boolean(liveMembership),
    credit: { balance: toMoney(credit.general + credit.membership) },
    has_instruction: customer.hasInstruction,
    has_billing_date: customer.billingDay !== null,
    has_outstanding_penalties: Boolean(unpaid),
    document_expiry: documents.expiry,
    membership_document_upload_required: documents.uploadRequired,
    days_allowance_to_upload_eligibility_document: documents.uploadRequired
      ? DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT
      : null,
    profile_photo: toProfilePhoto(customer, client),
  };
}
