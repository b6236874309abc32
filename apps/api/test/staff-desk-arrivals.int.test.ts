import { DESK_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkIns, guestPasses } from '../src/db/schema.ts';
import { sessionFor } from './helper.ts';
import { clock, staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, leeds, york, jamie, sendPass, asAdmin, asDesk, asYork, call, auditOf } =
  await staffDeskTestbed();

describe('staff front desk: redeeming a guest pass', () => {
  it('redeems a pass at the desk’s venue once, audited, and the member sees it redeemed', async () => {
    const pass = await sendPass({
      customerId: jamie.id,
      venueId: leeds.id,
      code: 'GP-ABCD-EFGH',
      validTo: new Date('2026-11-30T23:59:59Z'),
    });
    const desk = await asDesk();
    const res = await call(desk, 'POST', '/api/staff/desk/guest-passes/redeem', { code: ' gp-abcd-efgh ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: pass.id,
      status: 'redeemed',
      redeemed_at: { raw: clock.toISOString(), pretty: '24 Nov 2026 at 10:00' },
      venue: { id: leeds.id, name: 'Leeds Pool' },
      member: { id: jamie.id, reference: 'C-1001', name: 'Jamie Patel' },
    });
    const [row] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, pass.id));
    expect(row).toMatchObject({ status: 'redeemed', redeemedAt: clock });
    const [entry] = await auditOf('guest_pass.redeem', pass.id);
    expect(entry).toMatchObject({
      actor: 'Dev Desk',
      entity: 'guest_pass',
      after: expect.objectContaining({ status: 'redeemed' }),
    });

    // The member's guest passes (account site) show it redeemed, with the date.
    const member = await sessionFor(t.db, jamie.id);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${jamie.id}/guestPasses`,
      headers: member.headers,
    });
    expect(mine.json().data.guest_passes.find((p: { id: number }) => p.id === pass.id)).toMatchObject({
      status: 'redeemed',
      redeemed_at: clock.toISOString(),
    });

    const again = await call(desk, 'POST', '/api/staff/desk/guest-passes/redeem', { code: 'GP-ABCD-EFGH' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This guest pass was already redeemed on 24 Nov 2026 at 10:00');
    expect(await auditOf('guest_pass.redeem', pass.id)).toHaveLength(1);
  });

  it('two desks redeeming one pass at once: one succeeds, the other is told it was redeemed', async () => {
    const pass = await sendPass({
      customerId: jamie.id,
      venueId: leeds.id,
      validTo: new Date('2026-11-30T23:59:59Z'),
    });
    const [a, b] = await Promise.all([
      call(await asDesk(), 'POST', '/api/staff/desk/guest-passes/redeem', { code: pass.code }),
      call(await asAdmin(), 'POST', '/api/staff/desk/guest-passes/redeem', { code: pass.code }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await auditOf('guest_pass.redeem', pass.id)).toHaveLength(1);
  });

  it('refuses an expired pass, a pass for another venue, and an unknown code', async () => {
    const expired = await sendPass({
      customerId: jamie.id,
      venueId: leeds.id,
      validTo: new Date('2026-11-20T23:59:59Z'),
    });
    const desk = await asDesk();
    const old = await call(desk, 'POST', '/api/staff/desk/guest-passes/redeem', { code: expired.code });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('This guest pass expired on 20 Nov 2026 at 23:59');

    const forYork = await sendPass({
      customerId: jamie.id,
      venueId: york.id,
      validTo: new Date('2026-11-30T23:59:59Z'),
    });
    // The Leeds desk does not work at York: as if there were no such pass.
    const notHere = await call(desk, 'POST', '/api/staff/desk/guest-passes/redeem', { code: forYork.code });
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(DESK_TEXTS.guestPassNotFound);
    // An administrator at the Leeds desk is told it is York's.
    const wrong = await call(await asAdmin(), 'POST', '/api/staff/desk/guest-passes/redeem', {
      code: forYork.code,
      venue_id: leeds.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('This guest pass is for York Gym, not Leeds Pool');
    // The Leeds desk cannot claim to stand at York.
    const claim = await call(desk, 'POST', '/api/staff/desk/guest-passes/redeem', {
      code: forYork.code,
      venue_id: york.id,
    });
    expect(claim.statusCode).toBe(404);
    const unknown = await call(desk, 'POST', '/api/staff/desk/guest-passes/redeem', { code: 'GP-NONE-NONE' });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.db.select().from(guestPasses).where(eq(guestPasses.id, forYork.id));
    expect(row!.status).toBe('issued');
    // York's manager redeems it.
    const york1 = await call(await asYork(), 'POST', '/api/staff/desk/guest-passes/redeem', {
      code: forYork.code,
    });
    expect(york1.statusCode).toBe(200);
  });
});

describe('staff front desk: checking a member in', () => {
  it('checks a member in at the staff member’s venue, audited, and the customer view lists it', async () => {
    const res = await call(await asDesk(), 'POST', `/api/staff/desk/customers/${jamie.id}/check-in`, {
      venue_id: leeds.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().data;
    expect(res.json().data).toMatchObject({
      customer_id: jamie.id,
      venue: { id: leeds.id, name: 'Leeds Pool' },
      staff: 'Dev Desk',
      at: { raw: clock.toISOString(), pretty: '24 Nov 2026 at 10:00' },
    });
    const [row] = await t.db.select().from(checkIns).where(eq(checkIns.id, id));
    expect(row).toMatchObject({ customerId: jamie.id, venueId: leeds.id, at: clock });
    expect(await auditOf('customer.check_in', id)).toEqual([
      expect.objectContaining({ actor: 'Dev Desk', entity: 'check_in' }),
    ]);
    // A Leeds member visiting York is checked in there by York's manager.
    const visit = await call(await asYork(), 'POST', `/api/staff/desk/customers/${jamie.id}/check-in`, {
      venue_id: york.id,
    });
    expect(visit.statusCode).toBe(201);
    const view = await call(await asDesk(), 'GET', `/api/staff/desk/customers/${jamie.id}`);
    expect(
      view
        .json()
        .data.check_ins.map((c: { venue: { name: string }; staff: string }) => [c.venue.name, c.staff]),
    ).toEqual([
      ['York Gym', 'Yan Manager'],
      ['Leeds Pool', 'Dev Desk'],
    ]);
  });

  it('refuses a venue the staff member does not work at, and an unknown customer', async () => {
    const elsewhere = await call(await asDesk(), 'POST', `/api/staff/desk/customers/${jamie.id}/check-in`, {
      venue_id: york.id,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(DESK_TEXTS.venueNotFound);
    const nobody = await call(await asDesk(), 'POST', '/api/staff/desk/customers/999999/check-in', {
      venue_id: leeds.id,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(DESK_TEXTS.customerNotFound);
  });
});
