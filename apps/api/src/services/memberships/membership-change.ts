import {
  type ChangeCosts,
  JOINING_TEXTS,
  MEMBERSHIP_PURCHASE_TEXTS,
  type Membership,
} from '@fieldhouse/contract';
import { vatRateAt } from '@fieldhouse/contract/vat';
import { and, eq, inArray } from 'drizzle-orm';
import { cartItemFor } from '../../db/cart-items.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { attributeOrder } from '../../db/order-venue.ts';
import {
  cartItems,
  customers,
  type JoinCostsSnapshot,
  memberships,
  orderItems,
  orders,
} from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { fieldError, forbidden, type HttpError, notFound } from '../../lib/http-errors.ts';
import {
  addDays,
  compareDates,
  formatIso,
  type LocalDate,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import { formatMoney, toMoney } from '../../lib/money.ts';
import { bumpCartVersion, openCart, releaseAwaitingMemberships } from '../cart/index.ts';
import { changeWindow, computeChangeCosts } from './change-pricing.ts';
import { findJoiningCaller } from './eligibility.ts';
import { optionOfClient } from './lookups.ts';
import { nextMembershipReference } from './membership-purchase.ts';
import { findOwnMembership, type OwnMembership } from './membership-state.ts';
import { listMembershipTypes } from './membership-types.ts';
import { monthlyDates, nextPaymentOnOrAfter } from './payment-schedule.ts';

export const CHANGE_MADE = 'Your membership has been changed.';
export const CHANGE_IN_BASKET = 'Membership added to basket.';
const NEXT_PAYMENTS_SHOWN = 3;

function assertChangeable(own: OwnMembership) {
  if (!own.flags.canChange) throw forbidden(own.flags.cannotChangeReason ?? undefined);
}

/**
 * What the membership may change to: the monthly options on sale at its home venue that the caller may buy,
 * except its current option. (A type the member also holds in another membership is offered too: the change
 * replaces this membership, it does not add one.)
 */
async function changeOptionsOf(db: DbOrTx, own: OwnMembership, now: Date): Promise<Membership[]> {
  const caller = await findJoiningCaller(db, own.membership.customerId);
  const types = await listMembershipTypes(db, {
    clientId: own.client.id,
    venueId: own.venue.id,
    caller,
    now,
    includeIneligible: false,
  });
  return types
    .map((t) => ({
      ...t,
      payment_options: t.payment_options.filter(
        (o) => o.id !== own.option.id && o.payment_type === 'recurring' && o.is_purchasable.can_purchase,
      ),
    }))
    .filter((t) => t.payment_options.length > 0);
}

/** GET /api/memberships/:id/change (404 not the caller's, 403 cannot change). */
export async function findChangeOptions(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; now: Date },
) {
  const own = await findOwnMembership(db, input);
  assertChangeable(own);
  return changeOptionsOf(db, own, input.now);
}

type ResolvedChange = Awaited<ReturnType<typeof resolveChange>>;

/**
 * The chosen option (one of the change options, else `missing`) and the start date (default today; 422 starts_at
 * outside the window), priced with computeChangeCosts.
 */
async function resolveChange(
  db: DbOrTx,
  own: OwnMembership,
  input: { paymentOptionId: number; startsAt?: string; now: Date; missing: () => HttpError },
) {
  const allowed = await changeOptionsOf(db, own, input.now);
  if (!allowed.some((t) => t.payment_options.some((o) => o.id === input.paymentOptionId)))
    throw input.missing();
  const target = (await optionOfClient(db, own.client.id, input.paymentOptionId))!;
  const [customer] = await db
    .select({ billingDay: customers.billingDay })
    .from(customers)
    .where(eq(customers.id, own.membership.customerId));
  const stored = own.membership.nextPaymentDate ? parseLocalDate(own.membership.nextPaymentDate) : null;
  const nextPayment = nextPaymentOnOrAfter(own.today, stored, customer?.billingDay ?? null);
  const window = changeWindow(own.today, nextPayment);
  let startsAt: LocalDate = own.today;
  if (input.startsAt) {
    const parsed = parseLocalDate(input.startsAt);
    if (!parsed) throw fieldError('starts_at', JOINING_TEXTS.startDateInvalid);
    if (compareDates(parsed, window.min) < 0) throw fieldError('starts_at', JOINING_TEXTS.startDateInPast);
    if (compareDates(parsed, window.max) > 0)
      throw fieldError('starts_at', `Please choose a date up to ${prettyDate(window.max)}.`);
    startsAt = parsed;
  }
  const costs = computeChangeCosts({
    oldPrice: own.membership.price,
    oldMonthInHand: own.option.monthInHand,
    newPrice: target.option.baseFee,
    newMonthInHand: target.option.monthInHand,
    startsAt,
    nextPayment,
  });
  return { target, window, startsAt, nextPayment, costs, billingDay: customer?.billingDay ?? null };
}

const differenceText = (difference: number) =>
  difference === 0
    ? 'The same price per month'
    : `${formatMoney(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} per month`;

function toChangeCostsWire(r: ResolvedChange): ChangeCosts {
  return {
    starts_at: { min: formatIso(r.window.min), max: formatIso(r.window.max) },
    costs: {
      difference_to_old_membership: differenceText(r.costs.monthlyDifference),
      total_due_now: {
        raw: r.costs.totalDueNow,
        formatted: formatMoney(r.costs.totalDueNow),
        composition: {
          month_in_hand: toMoney(r.costs.monthInHandDifference),
          fees: toMoney(r.costs.proRataDifference),
        },
      },
    },
    new_membership_price: toMoney(r.target.option.baseFee),
    pretty_first_billing_date: prettyDate(r.nextPayment),
    payment_type: 'recurring',
    next_payments: monthlyDates(r.nextPayment, NEXT_PAYMENTS_SHOWN).map((date) => ({
      date: formatIso(date),
      date_pretty: prettyDate(date),
      amount: toMoney(r.target.option.baseFee),
      description: 'Monthly payment',
    })),
  };
}

/** GET /api/memberships/:id/change/:paymentOptionId?startsAt. */
export async function quoteChange(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; paymentOptionId: number; startsAt?: string; now: Date },
) {
  const own = await findOwnMembership(db, input);
  assertChangeable(own);
  return toChangeCostsWire(await resolveChange(db, own, { ...input, missing: () => notFound() }));
}

const changeSnapshot = (r: ResolvedChange): JoinCostsSnapshot => ({
  joiningFee: 0,
  baseFee: r.target.option.baseFee,
  proRataFee: r.costs.proRataDifference,
  proRataDays: r.costs.proRataDays,
  monthInHandFee: r.costs.monthInHandDifference,
  discount: 0,
  totalToPayNow: r.costs.totalDueNow,
  firstBillingDate: formatIso(r.nextPayment),
  billingDay: r.billingDay,
  usualPaymentDate: true,
});

/**
 * The replaced membership ends the day before the new one starts: from that day it is over ('expired', status_info
 * 'Changed to …'); before then it stays as it is with status_info 'Changing to … on …'. It collects nothing more.
 */
export async function endReplacedMembership(
  tx: Tx,
  input: { replacedId: number; newStart: LocalDate; today: LocalDate; newName: string },
) {
  const started = compareDates(input.newStart, input.today) <= 0;
  await tx
    .update(memberships)
    .set({
      expiresAt: formatIso(addDays(input.newStart, -1)),
      nextPaymentDate: null,
      ...(started ? { status: 'expired' as const } : {}),
    })
    .where(
      and(eq(memberships.id, input.replacedId), inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES])),
    );
}

/**
 * POST /api/memberships/:id/change, in one transaction under the membership's row lock. An earlier change of the
 * same membership still waiting in the basket is released first. Nothing due now: the new membership is made at
 * once (active from today, else pending), the old one ends the day before, and a £0.00 order with a membership
 * item records it → order_id. Something due: an awaiting-payment membership (change costs snapshot) and its
 * basket line → cart_id; checkout makes the change. The new membership keeps the customer's mandate.
 */
export async function submitChange(
  db: Db,
  input: { customerId: number; membershipId: number; paymentOptionId: number; startsAt: string; now: Date },
) {
  return transactionRetried(db, async (tx) => {
    const own = await findOwnMembership(tx, input);
    assertChangeable(own);
    await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.id, own.membership.id))
      .for('update');
    const r = await resolveChange(tx, own, {
      ...input,
      missing: () => fieldError('payment_option_id', MEMBERSHIP_PURCHASE_TEXTS.couldNotFind),
    });
    const earlier = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(eq(memberships.replacesMembershipId, own.membership.id), eq(memberships.awaitingPayment, true)),
      );
    if (earlier.length)
      await releaseAwaitingMemberships(tx, {
        customerId: input.customerId,
        membershipIds: earlier.map((e) => e.id),
        now: input.now,
      });

    const due = r.costs.totalDueNow > 0;
    const started = compareDates(r.startsAt, own.today) <= 0;
    const [created] = await tx
      .insert(memberships)
      .values({
        customerId: input.customerId,
        membershipTypeId: r.target.type.id,
        paymentOptionId: r.target.option.id,
        homeVenueId: own.venue.id,
        reference: await nextMembershipReference(tx),
        status: due || !started ? 'pending' : 'active',
        awaitingPayment: due,
        startDate: formatIso(r.startsAt),
        nextPaymentDate: due ? null : formatIso(r.nextPayment),
        price: r.target.option.baseFee,
        joinCosts: changeSnapshot(r),
        mandateId: own.membership.mandateId,
        replacesMembershipId: own.membership.id,
        createdAt: input.now,
      })
      .returning({ id: memberships.id });

    if (due) {
      const cart = await openCart(tx, input.customerId, true);
      await tx.insert(cartItems).values({
        cartId: cart.id,
        ...cartItemFor('membership', created!.id),
        createdAt: input.now,
      });
      await bumpCartVersion(tx, cart.id, input.now);
      return { message: CHANGE_IN_BASKET, order_id: null, cart_id: cart.id };
    }

    await endReplacedMembership(tx, {
      replacedId: own.membership.id,
      newStart: r.startsAt,
      today: own.today,
      newName: r.target.type.name,
    });
    const [order] = await tx
      .insert(orders)
      .values({ customerId: input.customerId, total: 0, paymentType: 'Free', createdAt: input.now })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({
      orderId: order!.id,
      kind: 'membership',
      name: `${r.target.type.name} - ${r.target.option.name}`,
      price: 0,
      membershipId: created!.id,
      // Nothing to pay now, so no VAT; the line still records the new type's treatment and rate (decision 082).
      vatTreatment: r.target.type.vatTreatment,
      vatRate: vatRateAt(r.target.type.vatTreatment, input.now),
    });
    await attributeOrder(tx, order!.id);
    return { message: CHANGE_MADE, order_id: order!.id, cart_id: null };
  });
}
