import { vatRateAt } from '@fieldhouse/contract/vat';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { attributeOrder } from '../../db/order-venue.ts';
import { carts, orderItems, orders, payments } from '../../db/schema.ts';
import { formatMoney } from '../../lib/money.ts';
import { venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import { useBenefit, usePackageSession } from '../allowances/index.ts';
import { bookPlaces } from '../bookings/index.ts';
import { type CartRow, OFFLINE_TENDERS, type PricedCart } from '../cart/index.ts';
import type { ClientRow } from '../clients/index.ts';
import { spendCredit } from '../credits/index.ts';
import { bookingConfirmationMail, queueMail } from '../mail/index.ts';
import { activatePaidMembership, cancelPendingRequests } from '../memberships/index.ts';
import { type ChargeResult, describeCard, rememberCard } from '../payments/index.ts';
import { markPenaltiesPaid } from '../penalties/index.ts';
import { leaveWaitlistsOnBooking } from '../waitlist/index.ts';

type Succeeded = Extract<ChargeResult, { status: 'succeeded' }>;

/** 'Card', 'Credit', 'Card and credit', 'Cash', 'Free', ... */
export function paymentTypeLabel(tenders: string[]): string {
  const names = tenders.map((t) => (t === 'offline-voucher' ? 'voucher' : t));
  if (!names.length) return 'Free';
  const text = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A paid basket becomes an order, in checkout's transaction, step by step as the spec has it: the order with its
 * lines and tenders; the bookings and their places; the benefit uses and package sessions they took; the credit
 * spent; the fees paid; the waitlists left; the card remembered; the new memberships made active; the cancellations
 * that waited for a fee carried out; the basket closed; the confirmation mailed. Each ledger is written by its
 * owner (bookings, allowances, credits, penalties, waitlist, payments, memberships).
 */
export async function createOrder(
  sp: Tx,
  input: {
    /** Whose order, when, and where the confirmation links to (checkout's request). */
    request: { customerId: number; client: ClientRow; now: Date; bookingsUrl: string };
    cart: CartRow;
    priced: PricedCart;
    charge: Succeeded | null;
    cardAmount: number;
    key: string;
  },
) {
  const { request, cart, priced, charge, cardAmount, key } = input;
  const { customerId, now, client } = request;
  const { lines, totals } = priced;
  const pricedById = new Map(priced.priced.map((p) => [p.itemId, p]));

  const tenderRows: {
    tenderType: (typeof payments.$inferInsert)['tenderType'];
    amount: number;
    chargeId?: string;
    card?: string;
  }[] = [];
  if (charge) {
    tenderRows.push({
      tenderType: 'card',
      amount: cardAmount,
      chargeId: charge.chargeId,
      card: describeCard(charge.card),
    });
  }
  if (totals.creditApplied > 0) tenderRows.push({ tenderType: 'credit', amount: totals.creditApplied });
  for (const t of priced.tenders) {
    if (OFFLINE_TENDERS.has(t.tenderType) && t.amount > 0) {
      tenderRows.push({ tenderType: t.tenderType as 'cash', amount: t.amount });
    }
  }

  const [order] = await sp
    .insert(orders)
    .values({
      customerId,
      total: totals.total,
      paymentType: paymentTypeLabel(tenderRows.map((t) => t.tenderType)),
      idempotencyKey: key,
      createdAt: now,
    })
    .returning();
  const orderId = order!.id;

  const activityLines = lines.filter((l) => l.session);
  const bookingBySession = await bookPlaces(sp, {
    customerId,
    orderId,
    lines: activityLines.map((l) => ({
      sessionId: l.session!.id,
      price: pricedById.get(l.itemId)!.price,
      places: l.quantity,
    })),
    now,
  });

  await sp.insert(orderItems).values(
    lines.map((l) => ({
      orderId,
      kind: l.session ? ('activity' as const) : l.membership ? ('membership' as const) : ('penalty' as const),
      name: l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name,
      price: pricedById.get(l.itemId)!.price,
      activitySessionId: l.session?.id ?? null,
      membershipId: l.membership?.id ?? null,
      bookingId: l.session ? bookingBySession.get(l.session.id)! : null,
      penaltyId: l.penalty?.id ?? null,
      // VAT at the time of sale (decision 082): the database works out the amount from price and rate.
      vatTreatment: l.vatTreatment,
      vatRate: pricedById.get(l.itemId)!.vatRate ?? vatRateAt(l.vatTreatment, now),
    })),
  );
  await attributeOrder(sp, orderId);

  if (tenderRows.length) {
    await sp.insert(payments).values(
      tenderRows.map((t) => ({
        orderId,
        tenderType: t.tenderType,
        amount: t.amount,
        providerChargeId: t.chargeId ?? null,
        cardDescription: t.card ?? null,
        createdAt: now,
      })),
    );
  }

  for (const line of activityLines) {
    const p = pricedById.get(line.itemId)!;
    const usedFor = { bookingId: bookingBySession.get(line.session!.id)! };
    if (p.benefit) {
      await useBenefit(sp, {
        membershipId: p.benefit.membershipId,
        benefitId: p.benefit.benefitId,
        usedFor,
        now,
      });
    }
    if (p.package && !(await usePackageSession(sp, { packageId: p.package.packageId, usedFor, now }))) {
      throw new Error(`Package ${p.package.packageId} has no sessions left`);
    }
  }

  await spendCredit(sp, {
    customerId,
    orderId,
    split: totals.creditSplit,
    relatedItem: lines.map((l) => l.name).join(', '),
    location: [...new Set(activityLines.map((l) => l.session!.venueName))].join(', ') || null,
    now,
  });

  const penaltyIds = lines.flatMap((l) => (l.penalty ? [l.penalty.id] : []));
  await markPenaltiesPaid(sp, penaltyIds, now);
  // Only where the lines (read in this transaction) say the member waits: no statement for the usual booking.
  const waitedOn = activityLines.filter((l) => l.waitingByCaller).map((l) => l.session!.id);
  await leaveWaitlistsOnBooking(sp, customerId, waitedOn, now);
  if (charge) await rememberCard(sp, customerId, charge, now);

  for (const line of lines)
    if (line.membership) await activatePaidMembership(sp, customerId, line.membership, now);

  // Paying the last unpaid fee carries out the cancellations that waited for it.
  if (penaltyIds.length) await cancelPendingRequests(sp, customerId, now);

  await sp
    .update(carts)
    .set({ status: 'completed', completeOrderId: orderId, completedAt: now, updatedAt: now })
    .where(eq(carts.id, cart.id));

  const mail = bookingConfirmationMail({
    clientName: client.name,
    firstName: priced.buyer.firstName,
    orderId,
    lines: lines.map((l) => ({
      name: l.name,
      when: l.session
        ? `${venueDatePretty(l.session.startsAt, l.session.timeZone)} at ${venueTime(l.session.startsAt, l.session.timeZone)}`
        : null,
      where: l.session ? `${l.session.venueName}, ${l.session.locationName}` : null,
      price: formatMoney(pricedById.get(l.itemId)!.price),
    })),
    total: formatMoney(totals.total),
    link: `${request.bookingsUrl}/booking-confirmed/${orderId}`,
  });
  await queueMail(sp, { ...mail, to: priced.buyer.email });
  return order!;
}
