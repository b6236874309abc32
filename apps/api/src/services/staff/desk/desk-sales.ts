// Sales at the desk (issue 36 item 3, decision 076): memberships put in the customer's basket through the online
// purchase's own rules, then paid with the desk's tenders by the desk basket's checkout.
import type { MembershipDetailsBody } from '@fieldhouse/contract';
import type { DeskMembershipSale } from '@fieldhouse/contract/staff-desk-basket';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customers, venues } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import type { ClientRow } from '../../clients/index.ts';
import {
  findJoiningCaller,
  getMembershipCosts,
  listMembershipTypes,
  type PurchaseDeps,
  submitMembership,
} from '../../memberships/index.ts';
import { inScope, type VenueScope } from './shared.ts';

/** A venue of the client the staff member works at, else null (the route answers 404). */
async function venueInScope(db: DbOrTx, clientId: number, venueId: number, scope: VenueScope) {
  if (!inScope(scope, venueId)) return null;
  const [venue] = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.clientId, clientId)))
    .limit(1);
  return venue ?? null;
}

/**
 * What the customer may buy at the desk's venue: the venue's memberships as joining lists them for this customer
 * (eligibility, one they already hold), each payment option priced as joining prices it for a start today (their
 * own billing day, else the 1st: pro-rata and joining fee included). Null when the venue is not the staff member's.
 */
export async function findDeskSales(
  db: DbOrTx,
  input: { client: ClientRow; customerId: number; venueId: number; scope: VenueScope; now: Date },
) {
  const venue = await venueInScope(db, input.client.id, input.venueId, input.scope);
  if (!venue) return null;
  const caller = await findJoiningCaller(db, input.customerId);
  const [customer] = await db
    .select({ hasInstruction: customers.hasInstruction })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  const types = await listMembershipTypes(db, {
    clientId: input.client.id,
    venueId: venue.id,
    caller,
    now: input.now,
    includeIneligible: false,
    customerId: input.customerId,
  });
  const ownDay = caller?.billingDay;
  const billingDay = ownDay != null && ownDay >= 1 && ownDay <= 28 ? ownDay : 1;
  const sales: DeskMembershipSale[] = [];
  for (const type of types) {
    for (const option of type.payment_options) {
      const purchasable = option.is_purchasable;
      let costs: DeskMembershipSale['costs'] = null;
      if (purchasable.can_purchase) {
        costs = await getMembershipCosts(db, {
          clientId: input.client.id,
          clientTimeZone: input.client.timeZone,
          typeId: type.id,
          optionId: option.id,
          venueId: venue.id,
          billingDay: option.payment_type === 'recurring' ? String(billingDay) : undefined,
          caller,
          now: input.now,
        }).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 422) return null;
          throw error;
        });
      }
      sales.push({
        membership_type_id: type.id,
        membership_type_name: type.name,
        category: type.categories[0]?.name ?? '',
        payment_option_id: option.id,
        payment_option_name: option.name,
        payment_type: option.payment_type,
        fixed_duration: option.fixed_duration,
        fixed_period: option.fixed_period,
        can_purchase: purchasable.can_purchase && costs !== null,
        message: purchasable.message,
        costs,
        needs_mandate: option.payment_type === 'recurring' && !customer?.hasInstruction,
      });
    }
  }
  return { venue, memberships: sales };
}

/**
 * Puts a membership in the customer's basket at the desk: the online purchase itself (`submitMembership`: the same
 * checks, costs, answers, mandate through the configured direct-debit provider, and basket line, in its transaction),
 * for a home venue the staff member works at. Null when the venue is not theirs.
 */
export async function sellMembershipAtDesk(
  deps: PurchaseDeps,
  input: { client: ClientRow; customerId: number; body: MembershipDetailsBody; scope: VenueScope; now: Date },
) {
  const venue = await venueInScope(deps.db, input.client.id, input.body.home_venue_id, input.scope);
  if (!venue) return null;
  return submitMembership(deps, {
    client: input.client,
    body: input.body,
    customerId: input.customerId,
    now: input.now,
  });
}
