import {
  CARD_TEXTS,
  DEFAULT_ERROR_TEXTS,
  orderReply,
  SANDBOX_CARDS,
  savedCardsReply,
  termsReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxCardTokens, sandboxPaymentIntents, savedCards } from '../src/db/schema.ts';
import { SandboxPaymentProvider } from '../src/services/payments/sandbox-provider.ts';
import {
  cardToken,
  createClient,
  createCustomer,
  createSession,
  createTerms,
  createVenue,
  csrfHeaders,
  login,
  type Session,
  setupTestDatabase,
  TEST_BILLING,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
await createTerms(t.db, {
  clientId: client.id,
  title: 'Booking terms and conditions',
  html: '<h3>Terms</h3><p onclick="x()">Arrive early.<script>alert(1)</script></p>',
});
const app = await t.buildTestApp();

const me = await createCustomer(t.db, { clientId: client.id });
const other = await createCustomer(t.db, { clientId: client.id });
const session = await login(app, me);
const otherSession = await login(app, other);
const get = (who: Session, url: string) => app.inject({ method: 'GET', url, headers: who.headers });

// One order with two sessions (whole hours, so the expected UTC forms are simple).
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + h * HOUR);
const spin = await createSession(t.db, {
  venueId: venue.id,
  startsAt: inHours(30),
  name: 'Spin, fast; fun',
  locationName: 'Studio 1',
});
const yoga = await createSession(t.db, {
  venueId: venue.id,
  startsAt: inHours(50),
  name: 'Yoga',
});
const added = await app.inject({
  method: 'POST',
  url: '/api/cart/add',
  headers: session.headers,
  payload: {
    items: [
      { id: spin.session.id, type: 'activity' },
      { id: yoga.session.id, type: 'activity' },
    ],
  },
});
const token = await cardToken(app);
const completed = await app.inject({
  method: 'POST',
  url: '/api/checkout/complete',
  headers: session.headers,
  payload: { terms: true, cart_version: added.json().data.version, payment_method: { type: 'token', token } },
});
const orderId = completed.json().data.order_id as number;

describe('orders', () => {
  it("answers the caller's order with its items and payments", async () => {
    const order = orderReply.parse((await get(session, `/api/orders/${orderId}`)).json()).data;
    expect(order.items.map((i) => i.name)).toEqual(['Spin, fast; fun', 'Yoga']);
    expect(order.items[0]).toMatchObject({
      type: 'activity',
      venue_name: 'Leeds Central',
      starts_at: spin.session.startsAt.toISOString(),
      start_time: expect.stringMatching(/^\d\d:\d\d$/),
    });
    expect(order.total.raw).toBe(1300);
  });

  it('downloads an .ics calendar with one event per booked session (CRLF, UTC times)', async () => {
    const response = await get(session, `/api/orders/${orderId}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="booking-${orderId}.ics"`);
    const body = response.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = body.split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(lines).toContain(`DTSTART:${utc(spin.session.startsAt)}`);
    expect(lines).toContain(`DTEND:${utc(spin.session.endsAt)}`);
    expect(lines).toContain('SUMMARY:Spin\\, fast\\; fun');
    expect(lines).toContain('LOCATION:Leeds Central\\, Studio 1');
    expect(lines.filter((l) => l.startsWith('UID:booking-'))).toHaveLength(2);
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
  });

  it("answers 404 for another customer's order and calendar, and 401 without a session", async () => {
    for (const url of [
      `/api/orders/${orderId}`,
      `/api/orders/${orderId}/calendar.ics`,
      '/api/orders/999999',
    ]) {
      const response = await get(otherSession, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    expect((await app.inject({ method: 'GET', url: `/api/orders/${orderId}` })).statusCode).toBe(401);
  });
});

describe('checkout terms', () => {
  it('answers the client’s checkout terms, sanitised', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/terms?cart_id=1' });
    const data = termsReply.parse(response.json()).data;
    expect(data).toEqual([
      {
        id: expect.any(Number),
        title: 'Booking terms and conditions',
        html: '<h3>Terms</h3><p>Arrive early.</p>',
      },
    ]);
  });
});

describe('sandbox payments', () => {
  it('tokenises a card without keeping its number or security code', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: csrfHeaders(),
      payload: {
        cardholder_name: 'Alex Morgan',
        card_number: SANDBOX_CARDS.mastercard,
        expiry_date: '08/30',
        security_code: '737',
        ...TEST_BILLING,
      },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ brand: 'Mastercard', last_four_digits: '4444', expiry_date: '08/30' });
    expect(data.token).toMatch(/^tok_/);
    const [row] = await t.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, data.token));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('5555555555554444');
    expect(stored).not.toContain('737');
  });

  it('validates the card form with the spec messages', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: csrfHeaders(),
      payload: {
        cardholder_name: 'A',
        card_number: '4242 4242 4242 4241',
        expiry_date: '01/20',
        security_code: '12',
        ...TEST_BILLING,
        billing_postcode: 'nope',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      card_number: [CARD_TEXTS.number],
      expiry_date: [CARD_TEXTS.expiry],
      security_code: [CARD_TEXTS.securityCode],
      billing_postcode: [CARD_TEXTS.postcode],
    });
  });

  it('never charges twice for one idempotency key, also across provider instances (restarts)', async () => {
    const tok = await cardToken(app);
    const payer = await createCustomer(t.db, { clientId: client.id });
    const request = {
      customerId: payer.id,
      amountPence: 650,
      currency: 'GBP' as const,
      source: { token: tok },
      idempotencyKey: 'test-key-1',
      description: 'test',
      saveCard: false,
    };
    const first = await new SandboxPaymentProvider(t.db).charge(request);
    const second = await new SandboxPaymentProvider(t.db).charge(request);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    const intents = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, 'test-key-1'));
    expect(intents).toHaveLength(1);
    if (first.status !== 'succeeded') return;
    const refund = await new SandboxPaymentProvider(t.db).refund(first.chargeId, 650, 'refund-1');
    const again = await new SandboxPaymentProvider(t.db).refund(first.chargeId, 650, 'refund-1');
    expect(refund.amountPence).toBe(650);
    expect(again).toEqual(refund);
    // Another key is another refund: nothing is left to give back.
    const other = await new SandboxPaymentProvider(t.db).refund(first.chargeId, 650, 'refund-2');
    expect(other.amountPence).toBe(0);
    expect(other.refundId).not.toBe(refund.refundId);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, 'test-key-1'));
    expect(intent!.refundedAmount).toBe(650);
  });

  it('is the default provider (PAYMENT_PROVIDER=sandbox)', async () => {
    expect(app.sandboxPayments).not.toBeNull();
    expect(app.payments.name).toBe('sandbox');
  });
});

describe('saved cards', () => {
  it("lists the caller's cards with expiry flags", async () => {
    const now = new Date();
    const base = {
      providerRef: 'pm_x',
      brand: 'Visa',
      lastFour: '1111',
      cardholderName: 'Alex Morgan',
      billingFirstName: 'Alex',
      billingLastName: 'Morgan',
      billingAddressLine1: '1 High Street',
      billingCity: 'Leeds',
      billingPostcode: 'LS1 1AA',
    };
    const monthsAgo = (n: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
      return { expiryMonth: d.getUTCMonth() + 1, expiryYear: d.getUTCFullYear() };
    };
    await t.db.insert(savedCards).values([
      { ...base, customerId: other.id, ...monthsAgo(-12), lastFour: '9999' },
      {
        ...base,
        customerId: me.id,
        ...monthsAgo(2),
        lastFour: '2222',
        createdAt: new Date(now.getTime() - 3000),
      },
      {
        ...base,
        customerId: me.id,
        ...monthsAgo(6),
        lastFour: '3333',
        createdAt: new Date(now.getTime() - 2000),
      },
      {
        ...base,
        customerId: me.id,
        ...monthsAgo(-24),
        lastFour: '4444',
        createdAt: new Date(now.getTime() - 1000),
      },
    ]);
    const cards = savedCardsReply.parse((await get(session, '/api/my-account/saved-cards')).json()).data;
    expect(cards.map((c) => [c.last_four_digits, c.expired, c.recently_expired])).toEqual([
      ['4444', false, false],
      ['3333', true, false],
      ['2222', true, true],
    ]);
  });
});
