import {
  accountMembershipsReply,
  cartReply,
  JOINING_TEXTS,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipSubmitReply,
  orderReply,
  userReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, directDebitMandates, memberships } from '../src/db/schema.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import { cardToken, createCustomer, sessionFor } from './helper.ts';
import { membershipPurchaseTestbed } from './membership-purchase.fixtures.ts';

const { t, client, mandateCalls, app, details, submit, get, ...fixtures } = await membershipPurchaseTestbed();
const { gymAnnual, swim, swimMonthly, junior, juniorMonthly, half, expired, free } = fixtures;

describe('POST /api/memberships (logged in)', () => {
  const adultWith = async (values: Partial<typeof customers.$inferInsert> = {}) => {
    const c = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01', ...values });
    return { customer: c, session: await sessionFor(t.db, c.id) };
  };

  it('joins and keys errors', async () => {
    const { customer, session } = await adultWith();
    const bad = await submit(details({ billing_day: null, start_date: '2026-11-01' }), session.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      billing_day: [JOINING_TEXTS.billingDayRequired],
      start_date: [JOINING_TEXTS.startDateInPast],
    });
    const ineligible = await submit(
      details({ membership_type_id: junior.id, payment_option_id: juniorMonthly.id, answers: undefined }),
      session.headers,
    );
    expect(ineligible.statusCode).toBe(422);
    expect(ineligible.json().errors.membership_type_id).toEqual([JOINING_TEXTS.notEligible]);

    const ok = await submit(details(), session.headers);
    expect(ok.statusCode).toBe(201);
    const rows = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('applies a valid promotion and refuses expired ones and codes for another option', async () => {
    const { session } = await adultWith();
    const ok = await submit(details({ promotion_code_id: half!.id }), session.headers);
    expect(ok.statusCode).toBe(201);
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items[0]!.price.raw).toBe(1350);
    expect(cart.items[0]!.child_items.at(-1)).toEqual({
      name: 'Code Applied',
      price: { raw: -1350, formatted: '-£13.50' },
    });
    for (const id of [expired!.id, free!.id]) {
      const res = await submit(details({ promotion_code_id: id }), session.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.promotion_code_id).toEqual([JOINING_TEXTS.promoNotRecognised]);
    }
  });

  it('replaces a previous awaiting-payment membership, and removing the line removes it', async () => {
    const { customer, session } = await adultWith();
    const first = membershipSubmitReply.parse((await submit(details(), session.headers)).json()).data;
    const second = membershipSubmitReply.parse(
      (
        await submit(
          details({ membership_type_id: swim.id, payment_option_id: swimMonthly.id, answers: undefined }),
          session.headers,
        )
      ).json(),
    ).data;
    const rows = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect(rows.map((r) => r.id)).toEqual([second.membership_id]);
    const mandates = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customer.id));
    expect(mandates.map((m) => m.status).sort()).toEqual(['cancelled', 'pending_submission']);
    expect(mandateCalls.cancelled).toContain(mandates.find((m) => m.status === 'cancelled')!.reference);
    expect(first.membership_id).not.toBe(second.membership_id);

    const removed = await app.inject({
      method: 'POST',
      url: '/api/cart/remove',
      headers: session.headers,
      payload: { cart_item_ids: [second.cart_item_id] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id))).toEqual([]);
    const after = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customer.id));
    expect(after.every((m) => m.status === 'cancelled')).toBe(true);
  });

  it('checks out: the membership becomes active, the mandate the instruction, the order shows it', async () => {
    const { customer, session } = await adultWith();
    const sub = membershipSubmitReply.parse((await submit(details(), session.headers)).json()).data;
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    const token = await cardToken(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: cart.version,
        payment_method: { type: 'token', token, save_card: false },
      },
    });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().data.order_id as number;
    const [m] = await t.db.select().from(memberships).where(eq(memberships.id, sub.membership_id));
    expect((await findStatusInfo(t.db, [m!])).get(m!.id)).toBeNull();
    expect(m).toMatchObject({
      status: 'active',
      awaitingPayment: false,
      nextPaymentDate: '2026-12-01',
    });
    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.id, m!.mandateId!));
    expect(mandate!.status).toBe('active');
    const user = userReply.parse((await get('/api/auth/user', session)).json()).data;
    expect(user).toMatchObject({ has_instruction: true, has_billing_date: true, membership_user: true });
    const [c] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(c!.billingDay).toBe(1);

    const order = orderReply.parse((await get(`/api/orders/${orderId}`, session)).json()).data;
    expect(order.total.raw).toBe(2700);
    expect(order.items[0]).toMatchObject({
      type: 'membership',
      venue_name: 'Leeds Central',
      membership: {
        start_date: '22 November 2026',
        payment_type: 'recurring',
        payment_option: { pretty_first_billing_date: '1 December 2026', fixed_duration: null },
        fees: [
          { label: 'Setup fee', price: { raw: 1500 } },
          { label: 'Pro-rata', price: { raw: 1200 } },
        ],
        categories: [{ name: 'Adult' }],
        base_fee: { price: { raw: 3999 } },
        home_venue: { name: 'Leeds Central' },
      },
    });

    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    ).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 'active',
      management_enabled: true,
      freezable: true,
      cancellable: true,
      renewable: false,
      can_change: true,
      next_payment_date: { full_date: '1 December 2026', raw: '2026-12-01' },
      direct_debit: { account_number_ending: '78', sort_code: '20-**-**', status: 'active' },
      document: null,
    });

    // A member with an instruction and billing day joins another monthly membership without bank details.
    const again = await submit(
      details({
        membership_type_id: swim.id,
        payment_option_id: swimMonthly.id,
        answers: undefined,
        billing_day: null,
        account_holder: null,
        account_details: null,
      }),
      session.headers,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().data.new_mandate).toBe(false);
  });

  it('completes a zero-total fixed membership with a future start: pending, with expires_at', async () => {
    const { customer, session } = await adultWith();
    const sub = await submit(
      details({
        payment_option_id: gymAnnual.id,
        start_date: '2026-12-01',
        billing_day: null,
        promotion_code_id: free!.id,
        account_holder: null,
        account_details: null,
        dd_authorised: false,
      }),
      session.headers,
    );
    expect(sub.statusCode).toBe(201);
    expect(sub.json().data.new_mandate).toBe(false);
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items[0]!.cartable_resource.duration).toBe('12 months');
    expect(cart.totals.total.raw).toBe(0);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: { terms: true, cart_version: cart.version },
    });
    expect(res.statusCode).toBe(200);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect(m).toMatchObject({ status: 'pending', expiresAt: '2027-12-01', nextPaymentDate: null });
    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    ).data;
    expect(list[0]).toMatchObject({
      renewable: true,
      can_renew: false,
      renew_forbid_reason: 'You can renew from 1 November 2027',
      can_change: false,
      cannot_change_reason: 'Only active monthly memberships can be changed online.',
    });
  });

  it('flags a basket membership whose start date has passed, and checkout refuses it', async () => {
    const { session } = await adultWith();
    const sub = membershipSubmitReply.parse((await submit(details(), session.headers)).json()).data;
    await t.db
      .update(memberships)
      .set({ startDate: '2026-11-20' })
      .where(eq(memberships.id, sub.membership_id));
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items[0]!.problem).toBe(MEMBERSHIP_PURCHASE_TEXTS.startDatePassed);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: cart.version,
        payment_method: { type: 'token', token: await cardToken(app), save_card: false },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MEMBERSHIP_PURCHASE_TEXTS.startDatePassed);
  });

  it("lists only the caller's memberships", async () => {
    const { session } = await adultWith();
    const other = await adultWith();
    await submit(details(), other.session.headers);
    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    ).data;
    expect(list).toEqual([]);
  });
});
