import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions, bookings, cartItems, carts, orders } from '../src/db/schema.ts';
import { sessionLabel } from '../src/lib/venue-time.ts';
import {
  cardToken,
  countingProvider,
  createCart,
  createClient,
  createCustomer,
  createSession,
  createVenue,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

const RACERS = 40;
const PLACES_LEFT = 5;
const CAPACITY = 40;

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id });
const counting = countingProvider();
const app = await t.buildTestApp({}, { wrapPaymentProvider: counting.wrap });

describe('the last places of a session', () => {
  it(`go to exactly ${PLACES_LEFT} of ${RACERS} customers checking out at once; the others are refused and not charged`, async () => {
    const { session } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      name: 'Spin',
      capacity: CAPACITY,
      bookedCount: CAPACITY - PLACES_LEFT,
    });
    const racers = await Promise.all(
      Array.from({ length: RACERS }, async () => {
        const customer = await createCustomer(t.db, { clientId: client.id });
        const { cart } = await createCart(t.db, {
          customerId: customer.id,
          items: [{ type: 'activity', id: session.id }],
          version: 2,
        });
        return { customer, cart, who: await sessionFor(t.db, customer.id), token: await cardToken(app) };
      }),
    );
    const chargesBefore = counting.calls.charge;

    const responses = await Promise.all(
      racers.map((r) =>
        app.inject({
          method: 'POST',
          url: '/api/checkout/complete',
          headers: r.who.headers,
          payload: {
            terms: true,
            cart_version: r.cart.version,
            payment_method: { type: 'token', token: r.token },
          },
        }),
      ),
    );

    const completed = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(completed).toHaveLength(PLACES_LEFT);
    expect(refused).toHaveLength(RACERS - PLACES_LEFT);
    const message = `Sorry, ${sessionLabel('Spin', session.startsAt)} is now full.`;
    for (const r of refused) expect(r.json()).toEqual({ message, errors: { items: [message] } });

    const [place] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, session.id));
    expect(place!.bookedCount).toBe(CAPACITY);
    const booked = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.activitySessionId, session.id), eq(bookings.status, 'booked')));
    expect(booked).toHaveLength(PLACES_LEFT);

    // Charged exactly once per place; no order for any refusal, and their baskets are untouched.
    expect(counting.calls.charge - chargesBefore).toBe(PLACES_LEFT);
    const customerIds = racers.map((r) => r.customer.id);
    const madeOrders = await t.db.select().from(orders).where(inArray(orders.customerId, customerIds));
    expect(madeOrders).toHaveLength(PLACES_LEFT);
    const winners = new Set(booked.map((b) => b.customerId));
    const losers = racers.filter((r) => !winners.has(r.customer.id));
    const openCarts = await t.db
      .select({ id: carts.id, status: carts.status, version: carts.version })
      .from(carts)
      .where(
        inArray(
          carts.id,
          losers.map((r) => r.cart.id),
        ),
      );
    expect(openCarts.every((c) => c.status === 'open' && c.version === 2)).toBe(true);
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(
        inArray(
          cartItems.cartId,
          losers.map((r) => r.cart.id),
        ),
      );
    expect(lines).toHaveLength(losers.length);
  });
});
