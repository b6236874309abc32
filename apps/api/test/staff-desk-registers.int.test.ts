import { CSRF_COOKIE, CSRF_HEADER, DESK_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import { createBooking, createCustomer, createSession, sessionFor, TEST_CSRF } from './helper.ts';
import { staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, client, leeds, york, jamie, robin, asAdmin, asDesk, asYork, call, auditOf } =
  await staffDeskTestbed();

describe('staff registers', () => {
  it('lists the venue’s sessions of today by default, with their bookings counted', async () => {
    const { session: morning } = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-24T07:00:00Z'),
      name: 'Early Swim',
    });
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-25T07:00:00Z'),
      name: 'Tomorrow',
    });
    await createSession(t.db, {
      venueId: york.id,
      startsAt: new Date('2026-11-24T09:00:00Z'),
      name: 'York Spin',
    });
    await createBooking(t.db, { customerId: jamie.id, sessionId: morning.id, places: 2 });
    await createBooking(t.db, { customerId: robin.id, sessionId: morning.id, attended: true });

    const res = await call(await asDesk(), 'GET', '/api/staff/registers');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.venue).toEqual({ id: leeds.id, name: 'Leeds Pool' });
    expect(data.date).toBe('2026-11-24');
    expect(data.sessions.map((s: { name: string }) => s.name)).toEqual(['Early Swim']);
    expect(data.sessions[0]).toMatchObject({
      id: morning.id,
      starts_at: { local: '2026-11-24T07:00:00' },
      bookings: 2,
      attended: 1,
      unattended: 0,
    });
    const york1 = await call(await asYork(), 'GET', '/api/staff/registers?date=2026-11-24');
    expect(york1.json().data.sessions.map((s: { name: string }) => s.name)).toEqual(['York Spin']);
    expect((await call(await asDesk(), 'GET', `/api/staff/registers?venue_id=${york.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(await asAdmin(), 'GET', `/api/staff/registers?venue_id=${york.id}&date=2026-11-24`))
        .statusCode,
    ).toBe(200);
    const badDate = await call(await asDesk(), 'GET', '/api/staff/registers?date=2026-02-30');
    expect(badDate.statusCode).toBe(422);
  });

  it('takes a day as London has it across both clock changes', async () => {
    const names = async (date: string) =>
      (await call(await asDesk(), 'GET', `/api/staff/registers?date=${date}`))
        .json()
        .data.sessions.map((s: { name: string }) => s.name);
    const sessionsAt = async (...list: [startsAt: string, name: string][]) => {
      for (const [startsAt, name] of list)
        await createSession(t.db, { venueId: leeds.id, startsAt: new Date(startsAt), name });
    };
    // 25 October 2026 (clocks go back, a 25-hour day): 00:30 BST is 23:30Z the day before; 23:30 GMT is 23:30Z.
    await sessionsAt(
      ['2026-10-24T22:30:00Z', 'Oct 24 late'],
      ['2026-10-24T23:30:00Z', 'Oct 25 first'],
      ['2026-10-25T23:30:00Z', 'Oct 25 last'],
    );
    expect(await names('2026-10-25')).toEqual(['Oct 25 first', 'Oct 25 last']);
    // 29 March 2026 (clocks go forward, a 23-hour day): 00:30 GMT is 00:30Z; 23:30 BST is 22:30Z.
    await sessionsAt(
      ['2026-03-29T00:30:00Z', 'Mar 29 first'],
      ['2026-03-29T22:30:00Z', 'Mar 29 last'],
      ['2026-03-29T23:30:00Z', 'Mar 30 first'],
    );
    expect(await names('2026-03-29')).toEqual(['Mar 29 first', 'Mar 29 last']);
  });

  it('shows who is booked and marks attendance, audited; the member sees Attended or Unattended', async () => {
    const { session } = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-24T08:00:00Z'),
      name: 'Aqua Fit',
    });
    const booking = await createBooking(t.db, { customerId: jamie.id, sessionId: session.id });
    const other = await createBooking(t.db, { customerId: robin.id, sessionId: session.id });
    const gone = await createBooking(t.db, {
      customerId: (await createCustomer(t.db, { clientId: client.id })).id,
      sessionId: session.id,
      status: 'cancelled',
    });
    const desk = await asDesk();
    const register = await call(desk, 'GET', `/api/staff/registers/${session.id}`);
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json().data.session).toMatchObject({
      id: session.id,
      name: 'Aqua Fit',
      venue: { id: leeds.id },
    });
    expect(register.json().data.bookings).toEqual([
      {
        booking_id: other.id,
        customer: { id: robin.id, reference: 'C-2002', name: 'Robin Jamieson' },
        places: 1,
        attended: null,
      },
      {
        booking_id: booking.id,
        customer: { id: jamie.id, reference: 'C-1001', name: 'Jamie Patel' },
        places: 1,
        attended: null,
      },
    ]);

    const url = `/api/staff/registers/${session.id}/bookings/${booking.id}`;
    const marked = await call(desk, 'PUT', url, { attended: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ booking_id: booking.id, attended: true });
    const member = await sessionFor(t.db, jamie.id);
    const previous = async () =>
      (await app.inject({ method: 'GET', url: '/api/bookings?filter=past', headers: member.headers }))
        .json()
        .data.find((b: { id: number }) => b.id === booking.id);
    expect(await previous()).toMatchObject({ attended: true });

    expect((await call(desk, 'PUT', url, { attended: false })).statusCode).toBe(200);
    expect(await previous()).toMatchObject({ attended: false });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.attended).toBe(false);
    const entries = await auditOf('booking.attendance', booking.id);
    expect(entries.map((e) => [e.before, (e.after as { attended: boolean }).attended])).toEqual([
      [{ attended: null }, true],
      [{ attended: true }, false],
    ]);

    // A cancelled booking, or one of another session, is not on this register.
    expect(
      (await call(desk, 'PUT', `/api/staff/registers/${session.id}/bookings/${gone.id}`, { attended: true }))
        .statusCode,
    ).toBe(404);
    const { session: another } = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-24T09:00:00Z'),
    });
    expect(
      (
        await call(desk, 'PUT', `/api/staff/registers/${another.id}/bookings/${booking.id}`, {
          attended: true,
        })
      ).statusCode,
    ).toBe(404);
    // York's manager cannot see or mark a Leeds register.
    const york1 = await asYork();
    expect((await call(york1, 'GET', `/api/staff/registers/${session.id}`)).statusCode).toBe(404);
    expect((await call(york1, 'PUT', url, { attended: true })).statusCode).toBe(404);
    expect(await auditOf('booking.attendance', booking.id)).toHaveLength(2);
  });

  it('does not mark a session of a later day', async () => {
    const { session } = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-25T08:00:00Z'),
    });
    const booking = await createBooking(t.db, { customerId: jamie.id, sessionId: session.id });
    const res = await call(
      await asDesk(),
      'PUT',
      `/api/staff/registers/${session.id}/bookings/${booking.id}`,
      {
        attended: true,
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DESK_TEXTS.registerNotOpen);
  });
});

describe('staff front desk: who may call', () => {
  it('a customer session, or none, opens none of the desk and register calls', async () => {
    const member = await sessionFor(t.db, jamie.id);
    const calls: [string, string, object?][] = [
      ['GET', '/api/staff/desk/customers?q=patel'],
      ['GET', `/api/staff/desk/customers/${jamie.id}`],
      ['GET', `/api/staff/desk/customers/${jamie.id}/photo`],
      ['POST', '/api/staff/desk/guest-passes/redeem', { code: 'GP-ABCD-EFGH' }],
      ['POST', `/api/staff/desk/customers/${jamie.id}/check-in`, { venue_id: leeds.id }],
      ['GET', '/api/staff/registers'],
      ['GET', '/api/staff/registers/1'],
      ['PUT', '/api/staff/registers/1/bookings/1', { attended: true }],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [
        member.headers,
        { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      ]) {
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});
