/**
 * Members with paid bookings, as the programme-change and refund tests need them: booked through the basket with a
 * sandbox card (as the site does), or paid with account credit (as checkout writes it).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { creditTransactions, orderItems } from '../src/db/schema.ts';
import { cardToken, createBooking, createCustomer, createOrder, login } from './helper.ts';

export function paidBookings(ctx: { app: FastifyInstance; db: Db; clientId: number; homeVenueId?: number }) {
  const newCustomer = (firstName: string) =>
    createCustomer(ctx.db, {
      clientId: ctx.clientId,
      firstName,
      ...(ctx.homeVenueId === undefined ? {} : { homeVenueId: ctx.homeVenueId }),
    });

  /** The member books these sessions (one place each) and pays by card: the order, its lines in order. */
  async function bookByCard(sessionIds: number | number[], firstName = 'Carl') {
    const customer = await newCustomer(firstName);
    const who = await login(ctx.app, customer);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: who.headers,
      payload: { items: [sessionIds].flat().map((id) => ({ type: 'activity', id })) },
    });
    expect(added.statusCode, added.body).toBe(200);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: who.headers,
      payload: {
        terms: true,
        cart_version: added.json().data.version,
        payment_method: { type: 'token', token: await cardToken(ctx.app) },
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const orderId: number = done.json().data.order_id;
    const items = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    return { customer, who, orderId, items: items.sort((a, b) => a.id - b.id) };
  }

  /**
   * A booking paid with account credit: each kind granted, then `spent` of it taken by the order (the spends add up
   * to the price). Default: £5.00 of general credit.
   */
  async function bookByCredit(
    sessionId: number,
    firstName: string,
    paid: { price: number; credits: { kind: 'general' | 'membership'; granted: number; spent: number }[] } = {
      price: 500,
      credits: [{ kind: 'general', granted: 500, spent: 500 }],
    },
  ) {
    const customer = await newCustomer(firstName);
    const order = await createOrder(ctx.db, {
      customerId: customer.id,
      total: paid.price,
      paymentType: 'Credit',
      lines: [],
      payments: [{ tenderType: 'credit', amount: paid.price }],
    });
    await ctx.db.insert(creditTransactions).values(
      paid.credits.flatMap((c) => [
        {
          customerId: customer.id,
          kind: c.kind,
          amount: c.granted,
          reason: c.kind === 'membership' ? 'Membership credit' : 'Goodwill',
        },
        { customerId: customer.id, kind: c.kind, amount: -c.spent, orderId: order.order.id },
      ]),
    );
    const booking = await createBooking(ctx.db, {
      customerId: customer.id,
      sessionId,
      orderId: order.order.id,
      price: paid.price,
    });
    return { customer, booking, orderId: order.order.id };
  }

  return { bookByCard, bookByCredit };
}
