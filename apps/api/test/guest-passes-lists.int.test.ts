import { DEFAULT_ERROR_TEXTS, guestPassAllowancesReply, guestPassesReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { findAvailableBenefits } from '../src/services/cart/cart-service.ts';
import { DAY, guestPassesTestbed } from './guest-passes.fixtures.ts';
import { createCustomer, createGuestPass, createGuestPassPackage, createPackage, login } from './helper.ts';

const { t, client, leeds, sheffield, york, app, ...helpers } = await guestPassesTestbed();
const { newMember, base, get, send, guest, setFeatures } = helpers;

describe('guest-pass allowances', () => {
  it('lists the benefit (uses left this month, at the covered venues) and the package (at its venues)', async () => {
    const { customer, session, benefit } = await newMember();
    const pkg = await createGuestPassPackage(t.db, {
      customerId: customer.id,
      venueIds: [sheffield.id, leeds.id],
      expiresAt: new Date(Date.now() + 90 * DAY),
    });
    // Not listed: a used-up package, an expired one, and a class pass.
    await createGuestPassPackage(t.db, { customerId: customer.id, sessionsRemaining: 0 });
    await createGuestPassPackage(t.db, {
      customerId: customer.id,
      expiresAt: new Date(Date.now() - DAY),
    });
    // A class pass is no guest pass.
    await createPackage(t.db, { customerId: customer.id });

    const response = await get(session, `${base(customer.id)}/allowances`);
    expect(response.statusCode).toBe(200);
    const allowances = guestPassAllowancesReply.parse(response.json()).data;
    expect(allowances).toEqual([
      {
        pricing_option_id: benefit.pricingOptionId,
        name: 'Gym & Swim guest passes',
        uses_remaining: 2,
        expires_at: expect.any(String),
        type: 'benefit',
        venues: [
          { id: leeds.id, name: 'Leeds Central' },
          { id: sheffield.id, name: 'Sheffield Ponds' },
          { id: york.id, name: 'York Baths' },
        ],
      },
      {
        pricing_option_id: pkg.pricingOptionId,
        name: '5 Guest Pass Bundle',
        uses_remaining: 3,
        expires_at: pkg.expiresAt!.toISOString(),
        type: 'package',
        venues: [
          { id: leeds.id, name: 'Leeds Central' },
          { id: sheffield.id, name: 'Sheffield Ponds' },
        ],
      },
    ]);
    // The benefit's uses end with the month (venue-local), so it is listed first.
    expect(new Date(allowances[0]!.expires_at!).getTime()).toBeLessThan(Date.now() + 32 * DAY);
    expect(benefit.pricingOptionId).not.toBe(pkg.pricingOptionId);
  });

  it('is not offered as a discount on activities', async () => {
    const { customer } = await newMember();
    expect(await findAvailableBenefits(t.db, customer.id, new Date(), 'Europe/London')).toEqual([]);
  });
});

describe('the list of sent passes', () => {
  it('pages 10 at a time, newest first, with expired worked out from valid_to', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const session = await login(app, customer);
    const pkg = await createGuestPassPackage(t.db, { customerId: customer.id, sessionsRemaining: 0 });
    const now = Date.now();
    const made = [];
    for (let i = 0; i < 13; i++) {
      made.push(
        await createGuestPass(t.db, {
          customerId: customer.id,
          venueId: leeds.id,
          customerPackageId: pkg.id,
          guestName: `Guest ${i}`,
          createdAt: new Date(now - (i + 1) * DAY),
          // 0-4 still valid, 5-8 expired, 9-12 redeemed
          validTo: new Date(now + (i < 5 ? DAY : -DAY)),
          status: i >= 9 ? 'redeemed' : 'issued',
          redeemedAt: i >= 9 ? new Date(now - i * DAY) : null,
        }),
      );
    }
    const page1 = guestPassesReply.parse((await get(session, base(customer.id))).json()).data;
    expect(page1.guest_passes.map((p) => p.guest_name)).toEqual(made.slice(0, 10).map((p) => p.guestName));
    expect(page1.pagination).toEqual({
      current_page: 1,
      total_pages: 2,
      total_records: 13,
      first_record_on_current_page: 1,
      last_record_on_current_page: 10,
    });
    expect(page1.guest_passes.map((p) => p.status)).toEqual([
      ...Array(5).fill('issued'),
      ...Array(4).fill('expired'),
      'redeemed',
    ]);
    const page2 = guestPassesReply.parse(
      (await get(session, `${base(customer.id)}?page=2&per_page=10`)).json(),
    ).data;
    expect(page2.guest_passes.map((p) => p.guest_name)).toEqual(['Guest 10', 'Guest 11', 'Guest 12']);
    expect(page2.pagination).toMatchObject({
      current_page: 2,
      first_record_on_current_page: 11,
      last_record_on_current_page: 13,
    });
    expect(page2.guest_passes[0]!.redeemed_at).toEqual(expect.any(String));
    const beyond = (await get(session, `${base(customer.id)}?page=3`)).json().data;
    expect(beyond.guest_passes).toEqual([]);
    expect((await get(session, `${base(customer.id)}?per_page=51`)).statusCode).toBe(422);
  });
});

describe("another customer's guest passes", () => {
  it("are never readable: another :userId or another customer's pass id answers 404", async () => {
    const me = await newMember();
    const other = await newMember();
    const sent = await send(other.session, other.customer.id, guest(leeds.id));
    const otherPass = sent.json().data.id as number;
    for (const url of [
      base(other.customer.id),
      `${base(other.customer.id)}/allowances`,
      `${base(other.customer.id)}/${otherPass}`,
      `${base(me.customer.id)}/${otherPass}`,
    ]) {
      const response = await get(me.session, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    const sendAsOther = await send(me.session, other.customer.id, guest(leeds.id));
    expect(sendAsOther.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: base(me.customer.id) })).statusCode).toBe(401);
  });
});

describe('the online guest passes flag', () => {
  it('turns every guest-pass route into a 404 while it is off', async () => {
    const { customer, session } = await newMember();
    await setFeatures({ online_guest_passes: false });
    try {
      for (const url of [base(customer.id), `${base(customer.id)}/allowances`, `${base(customer.id)}/1`]) {
        expect((await get(session, url)).statusCode).toBe(404);
      }
      expect((await send(session, customer.id, guest(leeds.id))).statusCode).toBe(404);
    } finally {
      await setFeatures({});
    }
    expect((await get(session, `${base(customer.id)}/allowances`)).statusCode).toBe(200);
  });
});
