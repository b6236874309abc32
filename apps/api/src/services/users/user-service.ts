import type { User } from '@fieldhouse/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { customers, memberships, penalties, venues } from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { notFound } from '../../lib/http-errors.ts';
import { toMoney } from '../../lib/money.ts';
import type { ClientRow } from '../clients/index.ts';
import { creditBalancesOf, creditLedgerJson } from '../credits/index.ts';
import { toProfilePhoto } from '../customers/index.ts';
import {
  DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT,
  documentNoticeMembershipsJson,
  documentNoticesOf,
} from '../memberships/index.ts';

/**
 * The customer with their home venue, credit ledger, whether a penalty is unpaid, whether a membership is live and
 * the memberships that may need a document: one statement (GET /api/auth/user is called on every page; each
 * statement is a round trip).
 */
const userRow = prepared((db) => {
  const customerId = sql.placeholder('customerId');
  return db
    .select({
      customer: customers,
      homeVenueSlug: venues.slug,
      credit: creditLedgerJson(customerId),
      hasUnpaidPenalty: sql<boolean>`exists (select 1 from ${penalties} where ${penalties.customerId} = ${customers.id} and ${penalties.status} = 'unpaid')`,
      documentMemberships: documentNoticeMembershipsJson(customerId),
      hasLiveMembership: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.customerId} = ${customers.id} and ${memberships.awaitingPayment} = false and ${inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES])})`,
    })
    .from(customers)
    .leftJoin(venues, eq(venues.id, customers.homeVenueId))
    .where(eq(customers.id, customerId))
    .limit(1)
    .prepare('user_customer');
});

/** The logged-in customer in the contract's `user` shape. */
export async function findUser(db: DbOrTx, customerId: number, client: ClientRow, now: Date): Promise<User> {
  const [row] = await userRow(db, { customerId });
  if (!row) throw notFound();
  const { customer } = row;
  const credit = creditBalancesOf(row.credit, now);

  const documents = await documentNoticesOf(db, row.documentMemberships, now);

  return {
    id: customer.id,
    reference: customer.reference,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    home_venue_slug: row.homeVenueSlug,
    membership_user: Boolean(row.hasLiveMembership),
    credit: { balance: toMoney(credit.general + credit.membership) },
    has_instruction: customer.hasInstruction,
    has_billing_date: customer.billingDay !== null,
    has_outstanding_penalties: Boolean(row.hasUnpaidPenalty),
    document_expiry: documents.expiry,
    membership_document_upload_required: documents.uploadRequired,
    days_allowance_to_upload_eligibility_document: documents.uploadRequired
      ? DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT
      : null,
    profile_photo: toProfilePhoto(customer, client),
  };
}
