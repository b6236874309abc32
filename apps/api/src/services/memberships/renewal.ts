import {
  MEMBERSHIP_PURCHASE_TEXTS,
  MEMBERSHIP_RENEWAL_TEXTS,
  type RenewalDetails,
} from '@fieldhouse/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { cartItemFor } from '../../db/cart-items.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import {
  cartItems,
  type JoinCostsSnapshot,
  membershipBenefits,
  memberships,
  membershipTypeVenues,
  venues,
} from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { addDays, addPeriod, formatIso, parseLocalDate, prettyDate } from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { sanitiseHtml } from '../../lib/sanitise-html.ts';
import { bumpCartVersion, fixedDurationText, openCart, releaseAwaitingMemberships } from '../cart/index.ts';
import { nextMembershipReference } from './membership-purchase.ts';
import { findOwnMembership, type OwnMembership } from './membership-state.ts';

/**
 * A renewal starts the day after the fixed membership expires, on the same payment option, for the option's
 * fixed duration, at its current price and without a joining fee.
 */
function renewalTerms(own: OwnMembership) {
  const expires = parseLocalDate(own.membership.expiresAt!)!;
  const start = addDays(expires, 1);
  const { fixedDuration, fixedPeriod } = own.option;
  const end = fixedDuration && fixedPeriod ? addPeriod(start, fixedDuration, fixedPeriod) : start;
  return { start, end, price: own.option.baseFee };
}

/** GET /api/memberships/:id/renew — 404 'No membership found' when it cannot be renewed online now. */
export async function findRenewalDetails(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; now: Date },
): Promise<RenewalDetails> {
  const own = await findOwnMembership(db, input);
  if (!own.flags.canRenew) throw notFound(MEMBERSHIP_RENEWAL_TEXTS.noRenewal);
  const { start, end, price } = renewalTerms(own);
  const [benefits, coverage] = await Promise.all([
    db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.membershipTypeId, own.type.id))
      .orderBy(asc(membershipBenefits.id)),
    db
      .select({ name: venues.name })
      .from(membershipTypeVenues)
      .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
      .where(eq(membershipTypeVenues.membershipTypeId, own.type.id))
      .orderBy(asc(venues.name)),
  ]);
  return {
    reference: own.membership.reference,
    name: own.type.name,
    description: sanitiseHtml(own.type.descriptionHtml),
    access: own.type.coverage === 'national' ? 'National' : coverage.map((c) => c.name).join(', '),
    duration: fixedDurationText(own.option.fixedDuration, own.option.fixedPeriod) ?? '',
    price: toMoney(price),
    joining_fee: toMoney(0),
    start_date: { full_date_pretty: prettyDate(start), raw: formatIso(start) },
    end_date: { full_date_pretty: prettyDate(end), raw: formatIso(end) },
    benefits: benefits.map((b) => ({ name: b.name, description: b.description })),
    total_cost: toMoney(price),
  };
}

/**
 * POST /api/memberships/:id/renew — one transaction: an awaiting-payment membership on the same option (start the
 * day after expiry) and a 'membershipRenewal' basket line; an earlier renewal of it still in the basket is
 * replaced. Checkout activates it (pending until its start date). 422 keyed `membership` when it cannot renew.
 */
export async function renewMembership(
  db: Db,
  input: { customerId: number; membershipId: number; now: Date },
) {
  return transactionRetried(db, async (tx) => {
    const own = await findOwnMembership(tx, input);
    if (!own.flags.canRenew)
      throw fieldError('membership', own.flags.renewForbidReason ?? MEMBERSHIP_RENEWAL_TEXTS.noRenewal);
    await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.id, own.membership.id))
      .for('update');
    const earlier = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(eq(memberships.renewsMembershipId, own.membership.id), eq(memberships.awaitingPayment, true)),
      );
    if (earlier.length) {
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.cartableType, 'membershipRenewal'),
          inArray(
            cartItems.membershipId,
            earlier.map((e) => e.id),
          ),
        ),
      );
      await releaseAwaitingMemberships(tx, {
        customerId: input.customerId,
        membershipIds: earlier.map((e) => e.id),
        now: input.now,
      });
    }
    const { start, price } = renewalTerms(own);
    const costs: JoinCostsSnapshot = {
      joiningFee: 0,
      baseFee: price,
      proRataFee: 0,
      proRataDays: 0,
      monthInHandFee: 0,
      discount: 0,
      totalToPayNow: price,
      firstBillingDate: null,
      billingDay: null,
      usualPaymentDate: false,
    };
    const [created] = await tx
      .insert(memberships)
      .values({
        customerId: input.customerId,
        membershipTypeId: own.type.id,
        paymentOptionId: own.option.id,
        homeVenueId: own.venue.id,
        reference: await nextMembershipReference(tx),
        status: 'pending',
        awaitingPayment: true,
        startDate: formatIso(start),
        price,
        joinCosts: costs,
        renewsMembershipId: own.membership.id,
        createdAt: input.now,
      })
      .returning({ id: memberships.id });
    const cart = await openCart(tx, input.customerId, true);
    await tx.insert(cartItems).values({
      cartId: cart.id,
      ...cartItemFor('membershipRenewal', created!.id),
      createdAt: input.now,
    });
    await bumpCartVersion(tx, cart.id, input.now);
    return { message: MEMBERSHIP_PURCHASE_TEXTS.added, cart_id: cart.id };
  });
}
