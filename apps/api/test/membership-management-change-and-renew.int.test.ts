import {
  changeCostsReply,
  changeOptionsReply,
  changeReply,
  renewalDetailsReply,
  renewReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, orders } from '../src/db/schema.ts';
import { membershipManagementTestbed } from './membership-management.fixtures.ts';

const { t, ...fixtures } = await membershipManagementTestbed();
const { gymMonthly, swimMonthly, offPeakMonthly, studentMonthly, saverOption } = fixtures;
const { member, get, post, listOf, membershipRow, checkout } = fixtures;

describe('change', () => {
  it('lists the options, prices the change and makes a cheaper change at once with a £0.00 order', async () => {
    const {
      memberships: [m, fixed],
      session,
    } = await member([{ option: swimMonthly }, { option: saverOption, expiresAt: '2027-05-31' }]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/memberships/${m!.id}/change`, other.session)).statusCode).toBe(404);
    expect(
      (
        await post(`/api/memberships/${m!.id}/change`, other.session, {
          starts_at: '2026-11-22',
          payment_option_id: studentMonthly.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/memberships/${fixed!.id}/change`, session)).statusCode).toBe(403);

    const options = changeOptionsReply.parse(
      (await get(`/api/memberships/${m!.id}/change`, session)).json(),
    ).data;
    const optionIds = options.flatMap((o) => o.payment_options.map((p) => p.id));
    expect(optionIds).toContain(gymMonthly.id);
    expect(optionIds).toContain(studentMonthly.id);
    expect(optionIds).not.toContain(swimMonthly.id);
    expect(optionIds).not.toContain(saverOption.id);

    const up = changeCostsReply.parse(
      (await get(`/api/memberships/${m!.id}/change/${gymMonthly.id}?startsAt=2026-11-22`, session)).json(),
    ).data;
    expect(up).toMatchObject({
      starts_at: { min: '2026-11-22', max: '2026-12-01' },
      costs: {
        difference_to_old_membership: '£15.00 more per month',
        total_due_now: {
          raw: 450,
          formatted: '£4.50',
          composition: { month_in_hand: { raw: 0 }, fees: { raw: 450 } },
        },
      },
      new_membership_price: { raw: 3999 },
      pretty_first_billing_date: '1 December 2026',
      payment_type: 'recurring',
    });
    expect(up.next_payments.map((p) => [p.date, p.amount.raw])).toEqual([
      ['2026-12-01', 3999],
      ['2027-01-01', 3999],
      ['2027-02-01', 3999],
    ]);
    const mih = changeCostsReply.parse(
      (
        await get(`/api/memberships/${m!.id}/change/${offPeakMonthly.id}?startsAt=2026-11-22`, session)
      ).json(),
    ).data;
    expect(mih.costs.total_due_now).toMatchObject({
      raw: 2889,
      composition: { month_in_hand: { raw: 2799 }, fees: { raw: 90 } },
    });
    const late = await get(`/api/memberships/${m!.id}/change/${gymMonthly.id}?startsAt=2026-12-02`, session);
    expect(late.statusCode).toBe(422);
    expect(Object.keys(late.json().errors)).toEqual(['starts_at']);
    expect((await get(`/api/memberships/${m!.id}/change/${swimMonthly.id}`, session)).statusCode).toBe(404);

    const res = await post(`/api/memberships/${m!.id}/change`, session, {
      starts_at: '2026-11-22',
      payment_option_id: studentMonthly.id,
    });
    expect(res.statusCode).toBe(200);
    const reply = changeReply.parse(res.json()).data;
    expect(reply.cart_id).toBeNull();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, reply.order_id!));
    expect(order!.total).toBe(0);
    const orderReply = await get(`/api/orders/${reply.order_id}`, session);
    expect(orderReply.statusCode).toBe(200);
    expect(orderReply.json().data.items[0]).toMatchObject({ type: 'membership' });
    expect(await membershipRow(m!.id)).toMatchObject({
      status: 'expired',
      expiresAt: '2026-11-21',
      nextPaymentDate: null,
    });
    const created = (
      await t.db.select().from(memberships).where(eq(memberships.replacesMembershipId, m!.id))
    )[0]!;
    expect(created).toMatchObject({
      status: 'active',
      startDate: '2026-11-22',
      nextPaymentDate: '2026-12-01',
      price: 2200,
      awaitingPayment: false,
      mandateId: m!.mandateId,
    });
    expect((await get(`/api/memberships/${m!.id}/change`, session)).statusCode).toBe(403);
  });

  it('puts a change with something due in the basket; checkout makes it', async () => {
    const {
      memberships: [m],
      session,
    } = await member([{ option: swimMonthly }]);
    const bad = await post(`/api/memberships/${m!.id}/change`, session, {
      starts_at: '2026-12-05',
      payment_option_id: gymMonthly.id,
    });
    expect(bad.statusCode).toBe(422);
    const res = await post(`/api/memberships/${m!.id}/change`, session, {
      starts_at: '2026-11-25',
      payment_option_id: gymMonthly.id,
    });
    expect(res.statusCode).toBe(200);
    const reply = changeReply.parse(res.json()).data;
    expect(reply.order_id).toBeNull();
    const cart = (await get('/api/cart', session)).json().data;
    expect(cart.id).toBe(reply.cart_id);
    // £15.00 × 6 / 30 = £3.00.
    expect(cart.totals.total.raw).toBe(300);
    expect((await membershipRow(m!.id)).status).toBe('active');

    const done = await checkout(session, cart.version);
    expect(done.statusCode).toBe(200);
    const created = (
      await t.db.select().from(memberships).where(eq(memberships.replacesMembershipId, m!.id))
    )[0]!;
    expect(created).toMatchObject({
      status: 'pending',
      startDate: '2026-11-25',
      nextPaymentDate: '2026-12-01',
      awaitingPayment: false,
    });
    expect(await membershipRow(m!.id)).toMatchObject({
      status: 'active',
      expiresAt: '2026-11-24',
      nextPaymentDate: null,
    });
    const listed = (await listOf(session)).find((x) => x.id === m!.id)!;
    expect(listed).toMatchObject({
      status_info: 'Changing to Gym & Swim on 25 November 2026',
      can_change: false,
      cannot_change_reason: 'This membership is already changing.',
    });
  });
});

describe('renew', () => {
  it('renews a fixed membership within 30 days of expiry through the basket; it waits for its start', async () => {
    const {
      memberships: [soon, later],
      session,
    } = await member([
      { option: saverOption, expiresAt: '2026-12-12' },
      { option: saverOption, expiresAt: '2027-03-01' },
    ]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/memberships/${soon!.id}/renew`, other.session)).statusCode).toBe(404);
    expect((await post(`/api/memberships/${soon!.id}/renew`, other.session)).statusCode).toBe(404);

    const list = await listOf(session);
    expect(list.find((x) => x.id === later!.id)).toMatchObject({
      renewable: true,
      can_renew: false,
      renew_forbid_reason: 'You can renew from 30 January 2027',
    });
    expect((await get(`/api/memberships/${later!.id}/renew`, session)).statusCode).toBe(404);
    const refused = await post(`/api/memberships/${later!.id}/renew`, session);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ membership: ['You can renew from 30 January 2027'] });

    const details = renewalDetailsReply.parse(
      (await get(`/api/memberships/${soon!.id}/renew`, session)).json(),
    ).data;
    expect(details).toMatchObject({
      name: '12 Month Saver',
      access: 'National',
      duration: '12 months',
      price: { raw: 36000 },
      joining_fee: { raw: 0 },
      start_date: { raw: '2026-12-13', full_date_pretty: '13 December 2026' },
      end_date: { raw: '2027-12-13' },
      total_cost: { raw: 36000 },
    });
    const res = await post(`/api/memberships/${soon!.id}/renew`, session);
    expect(res.statusCode).toBe(200);
    const reply = renewReply.parse(res.json()).data;
    const cart = (await get('/api/cart', session)).json().data;
    expect(cart.id).toBe(reply.cart_id);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ cartable_type: 'membershipRenewal', price: { raw: 36000 } });

    const done = await checkout(session, cart.version);
    expect(done.statusCode).toBe(200);
    const [renewal] = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.renewsMembershipId, soon!.id));
    expect(renewal).toMatchObject({
      status: 'pending',
      awaitingPayment: false,
      startDate: '2026-12-13',
      expiresAt: '2027-12-13',
      price: 36000,
    });
    const after = (await listOf(session)).find((x) => x.id === soon!.id)!;
    expect(after).toMatchObject({
      can_renew: false,
      renew_forbid_reason: 'This membership has already been renewed.',
    });
  });
});
