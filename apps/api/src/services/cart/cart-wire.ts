// The basket on the wire (GET /api/cart and every change's answer).
import type { Cart, CartItem, TenderType } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { directDebitMandates } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import { formatDuration, venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import {
  type CartLine,
  fixedDurationText,
  lineProblem,
  membershipFeeLines,
  type PricedCart,
} from './cart-lines.ts';
import type { PricedLine } from './pricing.ts';

function toCartItemWire(line: CartLine, priced: PricedLine, now: Date): CartItem {
  const s = line.session;
  const zone = s?.timeZone;
  const m = line.membership;
  if (m) {
    return {
      id: line.itemId,
      name: line.name,
      price: {
        ...toMoney(priced.price),
        original: toMoney(line.fullPrice),
        benefit_applied: false,
        package_applied: false,
        benefit_name: null,
        package_name: null,
      },
      quantity: 1,
      max_quantity: 1,
      cartable_type: line.type,
      cartable_id: line.cartableId,
      child_items: membershipFeeLines(m.costs, m.paymentType).map((f) => ({
        name: f.label,
        price: toMoney(f.amount),
      })),
      membership_user_id: null,
      cartable_resource: {
        name: line.name,
        venue_name: m.venueName,
        duration: m.paymentType === 'fixed' ? fixedDurationText(m.fixedDuration, m.fixedPeriod) : null,
        new_membership: true,
        location: null,
        date: null,
        starts_at: null,
        ends_at: null,
        requires_waiver: false,
      },
      problem: lineProblem(line, now),
    };
  }
  return {
    id: line.itemId,
    name: line.name,
    price: {
      ...toMoney(priced.price),
      original: toMoney(line.fullPrice),
      benefit_applied: priced.benefit !== null,
      package_applied: priced.package !== null,
      benefit_name: priced.benefit?.name ?? null,
      package_name: priced.package?.name ?? null,
    },
    quantity: line.quantity,
    max_quantity: line.maxQuantity,
    cartable_type: line.type,
    cartable_id: line.cartableId,
    child_items: [],
    membership_user_id: null,
    cartable_resource: {
      name: line.name,
      venue_name: s?.venueName ?? line.penalty?.venueName ?? null,
      duration: s ? formatDuration(s.startsAt, s.endsAt) : null,
      new_membership: false,
      location: s ? { name: s.locationName } : null,
      date: s ? { full_date_pretty: venueDatePretty(s.startsAt, zone) } : null,
      starts_at: s ? { format_24_hour: venueTime(s.startsAt, zone), raw: s.startsAt.toISOString() } : null,
      ends_at: s ? { format_24_hour: venueTime(s.endsAt, zone), raw: s.endsAt.toISOString() } : null,
      requires_waiver: s?.requiresWaiver ?? false,
    },
    problem: lineProblem(line, now),
  };
}

export function toCartWire(priced: PricedCart, now: Date, selectedUserId: number | null): Cart {
  const { cart, lines, totals } = priced;
  const byId = new Map(priced.priced.map((p) => [p.itemId, p]));
  return {
    id: cart.id,
    uuid: cart.uuid,
    version: cart.version,
    items: lines.map((l) => toCartItemWire(l, byId.get(l.itemId)!, now)),
    sort_by: 'created_at',
    enable_print_receipt: false,
    totals: {
      sub_total: toMoney(totals.subTotal),
      tax_total: toMoney(totals.taxTotal),
      total: toMoney(totals.total),
      basket_cost: toMoney(totals.total),
      credit_applied: toMoney(totals.creditApplied),
      total_to_pay: toMoney(totals.totalToPay),
      balance: toMoney(totals.totalToPay),
      item_count: totals.itemCount,
    },
    credits: {
      membership: {
        total_available: toMoney(totals.credits.membership.available),
        max_applicable: toMoney(totals.credits.membership.maxApplicable),
      },
      general: {
        total_available: toMoney(totals.credits.general.available),
        max_applicable: toMoney(totals.credits.general.maxApplicable),
      },
    },
    payments: priced.tenders
      .filter((t) => t.amount > 0)
      .map((t) => ({ tender_type: t.tenderType as TenderType, amount: toMoney(t.amount) })),
    // A waiver still to sign before checkout (checkout refuses the basket until it is signed).
    attendee_waivers_required: lines.some((l) => l.session?.waiver && !l.session.waiver.isSigned),
    billing_prefill: null,
    selected_user_id: selectedUserId,
    complete_order_id: cart.completeOrderId,
  };
}

/** The direct-debit billing details of a new membership in the basket (its mandate), for checkout's card form. */
export async function findBillingPrefill(db: DbOrTx, priced: PricedCart): Promise<Cart['billing_prefill']> {
  const mandateId = priced.lines.find((l) => l.membership?.mandateId)?.membership?.mandateId;
  if (!mandateId) return null;
  const [mandate] = await db
    .select()
    .from(directDebitMandates)
    .where(
      and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.customerId, priced.cart.customerId)),
    );
  if (!mandate) return null;
  const [first = '', ...rest] = mandate.accountHolder.trim().split(/\s+/);
  return {
    first_name: first,
    last_name: rest.join(' '),
    address_line_one: mandate.billingAddressLine1,
    address_line_two: mandate.billingAddressLine2,
    city: mandate.billingCity,
    postcode: mandate.billingPostcode,
  };
}

/** GET /api/cart */
