import { cartReply, JOINING_TEXTS, MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract';
import { deskSalesReply } from '@fieldhouse/contract/staff-desk-basket';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  directDebitMandates,
  memberships,
  orderItems,
  orders,
} from '../src/db/schema.ts';
import { createVenue, staffSessionFor } from './helper.ts';
import { membershipPurchaseTestbed } from './membership-purchase.fixtures.ts';

// Sales at the desk (issue 36 item 3, decision 076): a walk-in made at the desk buys a membership through the
// online purchase's rules, paid with the desk's tenders. NOW is Sunday 22 November 2026.
const { t, client, home, mandateCalls, app, details, ...fixtures } = await membershipPurchaseTestbed();
const { junior, juniorMonthly, gymAnnual } = fixtures;

const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [home.id], name: 'Dee Desk' });
const elsewhere = await createVenue(t.db, { clientId: client.id, slug: 'york', name: 'York Gym' });

let walkIns = 0;
/** A walk-in made at the desk (decision 070): no date of birth, no password, no instruction. */
async function walkIn() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/members',
    headers: desk.headers,
    payload: {
      first_name: 'Wendy',
      last_name: `Walkin${++walkIns}`,
      email: `wendy-${walkIns}@test.example`,
      phone: '',
      home_venue_id: home.id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const asDesk = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = desk.headers) =>
  app.inject({ method, url: `/api/staff/desk/customers/${url}`, headers, payload: payload as object });

/** Pays the whole basket in cash at the desk, as the console does: the tender, then pay that version. */
async function payCash(customerId: number) {
  const basket = cartReply.parse((await asDesk('GET', `${customerId}/basket`)).json()).data;
  const payments = [{ tender_type: 'cash', amount: basket.totals.total.raw }];
  const set = await asDesk('PUT', `${customerId}/basket/payments`, { payments });
  expect(set.statusCode, set.body).toBe(200);
  const version = set.json().data.version as number;
  const body = { terms: true, source: 'front-of-house', cart_version: version, payments };
  return { pay: () => asDesk('POST', `${customerId}/pay`, body), total: basket.totals.total.raw };
}

describe('sales at the desk', () => {
  it('lists what a walk-in may buy at the desk’s venue, priced for a start today, and no other venue', async () => {
    const customerId = await walkIn();
    const res = await asDesk('GET', `${customerId}/sales?venue_id=${home.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { memberships: sales } = deskSalesReply.parse(res.json()).data;
    const monthly = sales.find(
      (s) => s.membership_type_name === 'Gym & Swim' && s.payment_type === 'recurring',
    );
    expect(monthly).toMatchObject({
      can_purchase: true,
      needs_mandate: true,
      costs: {
        total_to_pay_now: { raw: 2700 },
        fees: { joining_fee: { raw: 1500 }, pro_rata_fee: { raw: 1200 } },
        first_billing_date: '2026-12-01',
      },
    });
    // Junior needs a date of birth under 18: joining leaves it out for this customer, so does the desk.
    expect(sales.some((s) => s.membership_type_id === junior.id)).toBe(false);
    const other = await asDesk('GET', `${customerId}/sales?venue_id=${elsewhere.id}`);
    expect(other.statusCode).toBe(404);
  });

  it('sells a walk-in a monthly membership with a mandate and a joining fee, paid in cash, audited, once', async () => {
    const customerId = await walkIn();
    const created = mandateCalls.created.length;
    const sold = await asDesk(
      'POST',
      `${customerId}/memberships`,
      details({ account_holder: 'Wendy Walkin' }),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const basket = cartReply.parse(sold.json()).data;
    expect(basket.items).toHaveLength(1);
    expect(basket.items[0]).toMatchObject({ cartable_type: 'membership', price: { raw: 2700 } });
    expect(basket.items[0]!.child_items.map((c) => [c.name, c.price.raw])).toEqual([
      ['Setup fee', 1500],
      ['Pro-rata', 1200],
    ]);
    // The mandate was taken through the configured provider (the offline sandbox here).
    expect(mandateCalls.created.length).toBe(created + 1);

    const { pay, total } = await payCash(customerId);
    expect(total).toBe(2700);
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().data.order_id as number;

    const [m] = await t.db.select().from(memberships).where(eq(memberships.customerId, customerId));
    expect(m).toMatchObject({
      status: 'active',
      awaitingPayment: false,
      startDate: '2026-11-22',
      nextPaymentDate: '2026-12-01',
      price: 3999,
    });
    expect(m!.joinCosts).toMatchObject({ joiningFee: 1500, proRataFee: 1200, totalToPayNow: 2700 });
    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customerId));
    expect(mandate).toMatchObject({ id: m!.mandateId, status: 'active', accountHolder: 'Wendy Walkin' });
    const [c] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(c).toMatchObject({ hasInstruction: true, billingDay: 1, homeVenueId: home.id });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ total: 2700, paymentType: 'Cash' });

    const payAudit = and(eq(auditLog.action, 'desk.pay'), eq(auditLog.entityId, String(orderId)));
    const [audited] = await t.db.select().from(auditLog).where(payAudit);
    expect(audited).toMatchObject({
      action: 'desk.pay',
      actor: 'Dee Desk',
      after: {
        customer_id: customerId,
        tenders: [{ tender_type: 'cash', amount: 2700 }],
        items: [{ kind: 'membership', name: 'Gym & Swim - Monthly', price: 2700 }],
      },
    });

    // The same pay again (a double tap, a retry): the same order, nothing sold twice, one audit entry.
    const again = await pay();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.order_id).toBe(orderId);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, customerId))).toHaveLength(1);
    expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customerId))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(payAudit)).toHaveLength(1);

    // Now a member: the same membership again is refused with the online text.
    const twice = await asDesk('POST', `${customerId}/memberships`, details());
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(MEMBERSHIP_PURCHASE_TEXTS.alreadyMember);
  });

  it('sells a single-payment membership by cheque: no mandate, active for its fixed term', async () => {
    const customerId = await walkIn();
    const created = mandateCalls.created.length;
    const sold = await asDesk(
      'POST',
      `${customerId}/memberships`,
      details({
        payment_option_id: gymAnnual.id,
        billing_day: null,
        account_holder: null,
        account_details: null,
      }),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    expect(mandateCalls.created.length).toBe(created);
    const basket = cartReply.parse(sold.json()).data;
    const payments = [{ tender_type: 'cheque', amount: basket.totals.total.raw }];
    expect(payments[0]!.amount).toBe(39900);
    const set = await asDesk('PUT', `${customerId}/basket/payments`, { payments });
    const body = { terms: true, source: 'front-of-house', cart_version: set.json().data.version, payments };
    const paid = await asDesk('POST', `${customerId}/pay`, body);
    expect(paid.statusCode, paid.body).toBe(200);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.customerId, customerId));
    expect(m).toMatchObject({
      status: 'active',
      awaitingPayment: false,
      expiresAt: '2027-11-22',
      nextPaymentDate: null,
      mandateId: null,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, paid.json().data.order_id));
    expect(order).toMatchObject({ total: 39900, paymentType: 'Cheque' });
  });

  it('refuses what the online purchase refuses, with its words, and leaves nothing behind', async () => {
    const customerId = await walkIn();
    const ineligible = await asDesk(
      'POST',
      `${customerId}/memberships`,
      details({ membership_type_id: junior.id, payment_option_id: juniorMonthly.id, answers: undefined }),
    );
    expect(ineligible.statusCode).toBe(422);
    expect(ineligible.json().errors.membership_type_id).toEqual([JOINING_TEXTS.notEligible]);
    const noBank = await asDesk('POST', `${customerId}/memberships`, details({ account_details: null }));
    expect(noBank.statusCode).toBe(422);
    expect(noBank.json().errors['account_details.account_number']).toEqual([
      MEMBERSHIP_PURCHASE_TEXTS.accountNumber,
    ]);
    expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customerId))).toEqual([]);
    expect(
      await t.db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, customerId)),
    ).toEqual([]);
  });

  it('sells only at the staff member’s venues, and pays only a basket there', async () => {
    const customerId = await walkIn();
    const outside = await asDesk(
      'POST',
      `${customerId}/memberships`,
      details({ home_venue_id: elsewhere.id, account_holder: 'Wendy Walkin' }),
    );
    expect(outside.statusCode).toBe(404);
    expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customerId))).toEqual([]);

    // A membership at York put in the basket by York's desk: Leeds's desk may not take its payment.
    const york = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [elsewhere.id] });
    const atYork = await asDesk(
      'POST',
      `${customerId}/memberships`,
      details({
        home_venue_id: elsewhere.id,
        payment_option_id: gymAnnual.id,
        billing_day: null,
        account_details: null,
      }),
      york.headers,
    );
    expect(atYork.statusCode, atYork.body).toBe(201);
    const { pay } = await payCash(customerId);
    expect((await pay()).statusCode).toBe(404);
    const [m] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.customerId, customerId), eq(memberships.homeVenueId, elsewhere.id)));
    expect(m).toMatchObject({ awaitingPayment: true, status: 'pending' });
  });
});
