import { DEFAULT_ERROR_TEXTS, orderReply, receiptReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import {
  cardToken,
  createCredit,
  createCustomer,
  createMandate,
  createMembership,
  createMembershipType,
  createOrder,
  createPaymentOption,
  createPenalty,
  createPromotion,
  createSession,
  login,
} from './helper.ts';
import { orderHistoryTestbed } from './order-history.fixtures.ts';
import { pdfText } from './pdf-text.ts';

const { t, client, venue, app, get } = await orderHistoryTestbed();

describe('GET /api/my-account/orders/:uuid/receipt', async () => {
  const customer = await createCustomer(t.db, {
    clientId: client.id,
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex.morgan@test.example',
  });
  const session = await login(app, customer);
  const other = await createCustomer(t.db, { clientId: client.id });
  const otherSession = await login(app, other);

  // A basket of a class and a fee, paid with £2.00 of credit and the rest by card.
  const { session: yoga } = await createSession(t.db, {
    venueId: venue.id,
    startsAt: new Date(Date.now() + 30 * 3_600_000),
    name: 'Yoga Flow',
    locationName: 'Studio 2',
    price: 650,
  });
  const fee = await createPenalty(t.db, { customerId: customer.id, venueId: venue.id, amount: 500 });
  await createCredit(t.db, { customerId: customer.id, amount: 200 });
  const added = await app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: session.headers,
    payload: {
      items: [
        { id: yoga.id, type: 'activity' },
        { id: fee.id, type: 'penalty' },
      ],
    },
  });
  const done = await app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: session.headers,
    payload: {
      terms: true,
      cart_version: added.json().data.version,
      payments: [{ tender_type: 'credit', amount: 200 }],
      payment_method: { type: 'token', token: await cardToken(app) },
    },
  });
  const { order_id: orderId, order_uuid: uuid } = done.json().data as {
    order_id: number;
    order_uuid: string;
  };

  it('is a valid PDF naming the operator, customer, order, items, VAT-style totals and payments', async () => {
    expect(done.statusCode).toBe(200);
    const response = await get(session, `/api/my-account/orders/${uuid}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { name, contents } = receiptReply.parse(response.json()).data;
    expect(name).toBe(`receipt-${orderId}.pdf`);
    const pdf = Buffer.from(contents, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    const text = await pdfText(pdf);
    for (const expected of [
      'Fieldhouse Leisure',
      '1 Wellington Place',
      'LS1 4AP',
      'Telephone 0113 496 0000',
      'hello@fieldhouse.test',
      'Receipt',
      `Order number: ${orderId}`,
      'Alex Morgan',
      `Customer no ${customer.reference}`,
      'alex.morgan@test.example',
      'Yoga Flow',
      'Leeds Central, Studio 2',
      'Late cancellation fee',
      '£6.50',
      '£5.00',
      'Subtotal (excl. VAT)',
      // Each line's VAT at 20% (decision 082): 650 → 108.33 → 108, 500 → 83.33 → 83; 191 in all, net 1150 − 191.
      '£9.59',
      'VAT',
      '£1.91',
      'Standard 20%',
      'Total',
      '£11.50',
      'Visa ending in 4242',
      '£9.50',
      'Account credit',
      '£2.00',
      `Order reference ${uuid}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("answers 404 for another customer's receipt or an unknown order, 422 for a malformed uuid", async () => {
    for (const [who, url] of [
      [otherSession, `/api/my-account/orders/${uuid}/receipt`],
      [session, '/api/my-account/orders/00000000-0000-4000-8000-000000000000/receipt'],
    ] as const) {
      const response = await get(who, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    expect((await get(session, '/api/my-account/orders/12/receipt')).statusCode).toBe(422);
    expect(
      (await app.inject({ method: 'GET', url: `/api/my-account/orders/${uuid}/receipt` })).statusCode,
    ).toBe(401);
  });
});

describe('the receipt of a membership, for a member whose name needs more than Latin-1', async () => {
  const customer = await createCustomer(t.db, {
    clientId: client.id,
    firstName: 'Łukasz',
    lastName: 'Nowak-李',
    email: 'lukasz@test.example',
  });
  const session = await login(app, customer);
  const type = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'gym-swim',
    name: 'Gym & Swim',
  });
  const option = await createPaymentOption(t.db, { membershipTypeId: type.id });
  const promotion = await createPromotion(t.db, {
    clientId: client.id,
    code: 'HALFJOIN',
    value: 50,
    appliesTo: 'joining_fee',
  });
  const mandate = await createMandate(t.db, {
    customerId: customer.id,
    reference: 'MD-SANDBOX-0042',
    accountHolder: 'Łukasz Nowak-李',
    accountNumberLast4: '5678',
  });
  // Joining on 24 Nov 2026 with billing day 1: setup fee, 7 days' pro-rata, a month in hand, half the setup fee off.
  const membership = await createMembership(t.db, {
    customerId: customer.id,
    membershipTypeId: type.id,
    paymentOptionId: option.id,
    homeVenueId: venue.id,
    reference: 'M-RECEIPT-1',
    startDate: '2026-11-24',
    nextPaymentDate: '2026-12-01',
    price: 3999,
    promotionId: promotion!.id,
    mandateId: mandate.id,
    joinCosts: {
      joiningFee: 1500,
      baseFee: 3999,
      proRataFee: 933,
      proRataDays: 7,
      monthInHandFee: 3999,
      discount: 750,
      totalToPayNow: 5682,
      firstBillingDate: '2026-12-01',
      billingDay: 1,
      usualPaymentDate: false,
    },
  });
  const { order } = await createOrder(t.db, {
    customerId: customer.id,
    total: 5682,
    lines: [{ kind: 'membership', name: 'Gym & Swim - Monthly', price: 5682, membershipId: membership.id }],
    payments: [{ tenderType: 'card', amount: 5682, cardDescription: 'Visa ending in 4242' }],
  });

  it('shows the breakdown the order page shows, with the pro-rata dates, the code and the mandate', async () => {
    const response = await get(session, `/api/my-account/orders/${order.uuid}/receipt`);
    expect(response.statusCode).toBe(200);
    const pdf = Buffer.from(receiptReply.parse(response.json()).data.contents, 'base64');
    const text = await pdfText(pdf);
    for (const expected of [
      'Gym & Swim - Monthly',
      'Starts 24 November 2026',
      'Leeds Central',
      '£56.82',
      'Start date: 24 November 2026',
      'Home centre: Leeds Central',
      'Payment: £39.99 per month',
      'First monthly payment: 1 December 2026',
      'Setup fee',
      '£15.00',
      'Pro-rata, 24 November 2026 to 30 November 2026 (7 days)',
      '£9.33',
      'Month in hand fee',
      '£39.99',
      'Code Applied: HALFJOIN',
      '−£7.50',
      'Direct debit mandate reference: MD-SANDBOX-0042',
    ]) {
      expect(text).toContain(expected);
    }
    // The order page's call carries the same details.
    const shown = orderReply.parse((await get(session, `/api/orders/${order.id}`)).json()).data;
    expect(shown.items[0]!.membership).toMatchObject({
      mandate_reference: 'MD-SANDBOX-0042',
      fees: [
        { label: 'Setup fee', detail: null },
        { label: 'Pro-rata', detail: '24 November 2026 to 30 November 2026, 7 days' },
        { label: 'Month in hand fee', detail: null },
        { label: 'Code Applied', detail: 'HALFJOIN', price: { raw: -750 } },
      ],
    });
    // The item line no longer says '-' for its date and venue.
    expect(text).not.toMatch(/Gym & Swim - Monthly\s+-\s+-/);
  });

  it("prints the member's name as written, in embedded fonts (the CJK one only when needed)", async () => {
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.lastName).toBe('Nowak-李');
    const response = await get(session, `/api/my-account/orders/${order.uuid}/receipt`);
    const pdf = Buffer.from(receiptReply.parse(response.json()).data.contents, 'base64');
    expect(await pdfText(pdf)).toContain('Łukasz Nowak-李');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(raw).not.toContain('/Helvetica');
    // Subset: the whole receipt with both fonts stays small.
    expect(pdf.length).toBeLessThan(80_000);
  });
});
