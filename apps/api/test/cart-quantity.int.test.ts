import { type Cart, cartReply, checkoutReply, SESSION_FULL_MESSAGE } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions, bookings, orderItems } from '../src/db/schema.ts';
import {
  cardToken,
  createClient,
  createLoggedInCustomer,
  createMembershipWithBenefit,
  createSession,
  createTerms,
  createVenue,
  type Session,
  setupTestDatabase,
} from './helper.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id });
await createTerms(t.db, { clientId: client.id });
const app = await t.buildTestApp();
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

const newCustomer = () => createLoggedInCustomer(app, t.db, { clientId: client.id });
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const cartOf = (response: { json: () => unknown }) => cartReply.parse(response.json()).data as Cart;
const add = async (who: Session, id: number) =>
  cartOf(await call(who, 'POST', '/api/cart/add', { items: [{ id, type: 'activity' }] }));
const setQuantity = (who: Session, itemId: number, quantity: number) =>
  call(who, 'PUT', `/api/cart/${itemId}`, { quantity });
const court = () =>
  createSession(t.db, {
    venueId: venue.id,
    startsAt: at(48),
    name: 'Badminton Court',
    category: 'Court Hire',
    price: 1200,
    capacity: 4,
    maxPlacesPerBooking: 4,
    cancellationCutoffHours: 24,
  });

describe('PUT cart/{cartItemId}: places on one basket line', () => {
  it('sets the quantity of a court line, prices it per place and says how many it may take', async () => {
    const { session } = await newCustomer();
    const { session: s } = await court();
    const cart = await add(session, s.id);
    expect(cart.items[0]).toMatchObject({ quantity: 1, max_quantity: 4, price: { raw: 1200 } });

    const response = await setQuantity(session, cart.items[0]!.id, 3);
    expect(response.statusCode, response.body).toBe(200);
    const after = cartOf(response);
    expect(after.version).toBe(cart.version + 1);
    expect(after.items[0]).toMatchObject({ quantity: 3, price: { raw: 3600, formatted: '£36.00' } });
    expect(after.totals.total.raw).toBe(3600);
  });

  it('refuses more than the activity allows, more than are left, and any change to a one-place line', async () => {
    const { session } = await newCustomer();
    const { session: s } = await court();
    const spin = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const cart = await add(session, s.id);
    const courtLine = cart.items[0]!.id;
    const tooMany = await setQuantity(session, courtLine, 5);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.quantity).toEqual(['You can book up to 4 places on this session.']);

    await t.db.update(activitySessions).set({ bookedCount: 2 }).where(eq(activitySessions.id, s.id));
    // The line says how many it may take now: the places left, not the activity's 4 (issue 43).
    expect(cartOf(await call(session, 'GET', '/api/cart')).items[0]).toMatchObject({ max_quantity: 2 });
    const notLeft = await setQuantity(session, courtLine, 3);
    expect(notLeft.statusCode).toBe(422);
    expect(notLeft.json().errors.quantity).toEqual(['Only 2 places are left on this session.']);
    expect((await setQuantity(session, courtLine, 2)).statusCode).toBe(200);
    // Fewer is always allowed; a full session still answers the spec's message when asked for more.
    await t.db.update(activitySessions).set({ bookedCount: 4 }).where(eq(activitySessions.id, s.id));
    const full = await setQuantity(session, courtLine, 3);
    expect(full.json().errors.quantity).toEqual([SESSION_FULL_MESSAGE]);

    const withSpin = await add(session, spin.session.id);
    const spinLine = withSpin.items.find((i) => i.cartable_id === spin.session.id)!;
    expect(spinLine.max_quantity).toBe(1);
    const fixed = await setQuantity(session, spinLine.id, 2);
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().errors.quantity).toEqual(['The quantity of this item cannot be changed.']);
  });

  it('checkout books every place, and cancelling frees them all', async () => {
    const { customer, session } = await newCustomer();
    const { session: s } = await court();
    const cart = await add(session, s.id);
    const updated = cartOf(await setQuantity(session, cart.items[0]!.id, 3));
    const response = await call(session, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: updated.version,
      payments: [],
      payment_method: { type: 'token', token: await cardToken(app) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = checkoutReply.parse(response.json()).data;
    if (reply.status !== 'completed') throw new Error('The sandbox card should complete at once');
    const order_id = reply.order_id;
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.customerId, customer.id));
    expect(booking).toMatchObject({ places: 3, price: 3600, status: 'booked' });
    const [place] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, s.id));
    expect(place!.bookedCount).toBe(3);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
    expect(line).toMatchObject({ name: 'Badminton Court × 3', price: 3600 });

    // A fourth player can still take the last place; a second line of 2 cannot.
    const { session: late } = await newCustomer();
    const lateCart = await add(late, s.id);
    expect((await setQuantity(late, lateCart.items[0]!.id, 2)).json().errors.quantity).toEqual([
      'Only 1 place is left on this session.',
    ]);

    // Cancel (24-hour cut-off, 48 hours ahead): the three places come back.
    const cancelled = await call(
      session,
      'DELETE',
      `/api/activities/bookings/${booking!.id}?source=my-account`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [freed] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, s.id));
    expect(freed!.bookedCount).toBe(0);
  });

  it("a membership benefit pays for the member's own place only", async () => {
    const { customer, session } = await newCustomer();
    await createMembershipWithBenefit(t.db, {
      clientId: client.id,
      customerId: customer.id,
      venueId: venue.id,
      benefit: { name: 'Free court', activityCategory: 'Court Hire', discountPercent: 100 },
    });
    const { session: s } = await court();
    const cart = await add(session, s.id);
    expect(cart.items[0]!.price.raw).toBe(0);
    const updated = cartOf(await setQuantity(session, cart.items[0]!.id, 2));
    expect(updated.items[0]).toMatchObject({ quantity: 2, price: { raw: 1200, benefit_applied: true } });
  });
});
