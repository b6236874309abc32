import { type Cart, cartReply, checkoutReply, waiversReply } from '@fieldhouse/contract';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, waiverSignatures, waiverVersions } from '../src/db/schema.ts';
import { accountProfileTestbed, DAY } from './account-profile.fixtures.ts';
import { cardToken, createActivity, createCustomer, createSession, login } from './helper.ts';

const { t, client, venues, app, call, createWaiver, signAs } = await accountProfileTestbed('Leeds Central');
const [leeds] = venues;

describe('waivers', () => {
  it('checkout refuses an activity whose waiver is unsigned, and succeeds once it is signed', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const waiver = await createWaiver({ title: 'Body Pump participation waiver' });
    const activity = await createActivity(t.db, {
      venueId: leeds.id,
      name: 'Body Pump',
      waiverId: waiver.id,
      requiresWaiver: true,
    });
    const pump = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      activityId: activity.id,
    });
    const added = await call(who, 'POST', '/api/cart/add', {
      items: [{ id: pump.session.id, type: 'activity' }],
    });
    expect(added.statusCode).toBe(200);
    let cart = cartReply.parse(added.json()).data as Cart;
    expect(cart.attendee_waivers_required).toBe(true);
    expect(cart.items[0]!.cartable_resource.requires_waiver).toBe(true);

    // The basket makes it a waiver the customer needs: listed unsigned, page and signing reachable.
    const list = waiversReply.parse((await call(who, 'GET', '/api/my-account/user/waivers')).json()).data;
    expect(list).toEqual([
      expect.objectContaining({
        restriction: { id: waiver.id, name: 'Body Pump participation', type: 'simple' },
        waivers: [expect.objectContaining({ id: waiver.id, signed: null, expired: false, expires: null })],
      }),
    ]);

    const token = await cardToken(app);
    const refused = await call(who, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: cart.version,
      payment_method: { type: 'token', token },
    });
    const message = 'Please sign the Body Pump participation waiver before booking Body Pump.';
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message, errors: { completed_waivers: [message] } });

    // An expired signature does not count.
    await signAs(customer.id, waiver.id, {
      signedAt: new Date(Date.now() - 400 * DAY),
      expiresAt: new Date(Date.now() - DAY),
    });
    expect(cartReply.parse((await call(who, 'GET', '/api/cart')).json()).data.attendee_waivers_required).toBe(
      true,
    );

    expect((await call(who, 'POST', `/api/my-account/user/waivers/${waiver.id}/sign`)).statusCode).toBe(200);
    cart = cartReply.parse((await call(who, 'GET', '/api/cart')).json()).data as Cart;
    expect(cart.attendee_waivers_required).toBe(false);
    const done = await call(who, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: cart.version,
      payment_method: { type: 'token', token: await cardToken(app) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(checkoutReply.parse(done.json()).data.status).toBe('completed');
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.id));
    expect(row!.requiresWaiver).toBe(true);
  });
  it('accepting the waiver at checkout (completed_waivers) signs its latest version with the order', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const waiver = await createWaiver({ title: 'Spin studio waiver' });
    const activity = await createActivity(t.db, {
      venueId: leeds.id,
      name: 'Spin',
      waiverId: waiver.id,
      requiresWaiver: true,
    });
    const spin = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      activityId: activity.id,
    });
    const added = await call(who, 'POST', '/api/cart/add', {
      items: [{ id: spin.session.id, type: 'activity' }],
    });
    const cart = cartReply.parse(added.json()).data as Cart;
    const done = await call(who, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: cart.version,
      completed_waivers: [cart.items[0]!.id],
      payment_method: { type: 'token', token: await cardToken(app) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const signatures = await t.db
      .select()
      .from(waiverSignatures)
      .where(and(eq(waiverSignatures.customerId, customer.id), eq(waiverSignatures.waiverId, waiver.id)));
    expect(signatures).toHaveLength(1);
    const [latest] = await t.db
      .select({ version: waiverVersions.version })
      .from(waiverVersions)
      .where(eq(waiverVersions.waiverId, waiver.id))
      .orderBy(desc(waiverVersions.version))
      .limit(1);
    expect(signatures[0]!.version).toBe(latest!.version);
  });
});
