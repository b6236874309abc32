import { DESK_TEXTS } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { waiverSignatures, waivers } from '../src/db/schema.ts';
import {
  createBooking,
  createClient,
  createCredit,
  createCustomer,
  createOrder,
  createPenalty,
  createSession,
  sessionFor,
} from './helper.ts';
import { type StaffSession, staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, client, leeds, york, jamie, membership, sendPass, robin, asAdmin, asDesk, asYork, call } =
  await staffDeskTestbed();

describe('staff front desk: finding a customer', () => {
  it('finds the operator’s customers by partial name, email, customer number or postcode, for every role', async () => {
    const find = async (q: string, who?: StaffSession) => {
      const res = await call(
        who ?? (await asDesk()),
        'GET',
        `/api/staff/desk/customers?q=${encodeURIComponent(q)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; reference: string }[]).map((c) => c.reference);
    };
    expect(await find('pat')).toEqual(['C-1001']);
    // By last name: Jamieson before Patel.
    expect(await find('JAMIE')).toEqual(['C-2002', 'C-1001']);
    expect(await find('jamie pat')).toEqual(['C-1001']);
    expect(await find('jamie.patel@')).toEqual(['C-1001']);
    expect(await find('c-2002')).toEqual(['C-2002']);
    expect(await find('ls62ab')).toEqual(['C-1001']);
    expect(await find('LS6 2AB')).toEqual(['C-1001']);
    expect(await find('nobody-here')).toEqual([]);
    // A York manager finds a Leeds member (members visit other venues); so does an administrator.
    expect(await find('patel', await asYork())).toEqual(['C-1001']);
    expect(await find('patel', await asAdmin())).toEqual(['C-1001']);

    const res = await call(await asDesk(), 'GET', '/api/staff/desk/customers?q=C-1001');
    expect(res.json().data).toEqual([
      {
        id: jamie.id,
        reference: 'C-1001',
        name: 'Jamie Patel',
        email: 'jamie.patel@example.test',
        postcode: 'LS6 2AB',
        home_venue: { id: leeds.id, name: 'Leeds Pool' },
        photo_url: `/api/staff/desk/customers/${jamie.id}/photo`,
      },
    ]);
  });

  it('answers at most 20 customers, and asks for two characters at least', async () => {
    for (let i = 0; i < 22; i++)
      await createCustomer(t.db, { clientId: client.id, firstName: 'Many', lastName: `Lookalike${i}` });
    const res = await call(await asDesk(), 'GET', '/api/staff/desk/customers?q=lookalike');
    expect(res.json().data).toHaveLength(20);
    const short = await call(await asDesk(), 'GET', '/api/staff/desk/customers?q=a');
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(DESK_TEXTS.searchTooShort);
  });

  it('does not find another operator’s customers', async () => {
    const other = await createClient(t.db);
    await createCustomer(t.db, { clientId: other.id, firstName: 'Jamie', lastName: 'Elsewhere' });
    const res = await call(await asAdmin(), 'GET', '/api/staff/desk/customers?q=elsewhere');
    expect(res.json().data).toEqual([]);
  });
});

describe('staff front desk: the customer view', () => {
  it('shows details, memberships, bookings, orders, credit, fees, waivers, guest passes in London time', async () => {
    // Upcoming: Monday 30 November 18:00 GMT; recent: 1 July 17:00Z = 18:00 BST, attended.
    const { session: upcoming } = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-30T18:00:00Z'),
      name: 'Spin',
    });
    const { session: summer } = await createSession(t.db, {
      venueId: york.id,
      startsAt: new Date('2026-07-01T17:00:00Z'),
      name: 'Yoga',
    });
    await createBooking(t.db, { customerId: jamie.id, sessionId: upcoming.id });
    await createBooking(t.db, { customerId: jamie.id, sessionId: summer.id, status: 'attended' });
    const { order } = await createOrder(t.db, {
      customerId: jamie.id,
      total: 4200,
      createdAt: new Date('2026-10-25T00:30:00Z'),
    });
    await createCredit(t.db, { customerId: jamie.id, amount: 1250 });
    await createPenalty(t.db, {
      customerId: jamie.id,
      venueId: leeds.id,
      amount: 300,
      description: 'No-show fee',
    });
    const [waiver] = await t.db
      .insert(waivers)
      .values({ clientId: client.id, restrictionName: 'Gym induction', title: 'Gym induction waiver' })
      .returning();
    await t.db.insert(waiverSignatures).values({
      customerId: jamie.id,
      waiverId: waiver!.id,
      version: 1,
      signedAt: new Date('2026-09-01T09:00:00Z'),
    });
    const pass = await sendPass({
      customerId: jamie.id,
      venueId: leeds.id,
      guestName: 'Sam Friend',
      validTo: new Date('2026-11-30T23:59:59Z'),
    });

    const res = await call(await asYork(), 'GET', `/api/staff/desk/customers/${jamie.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.customer).toMatchObject({
      id: jamie.id,
      reference: 'C-1001',
      first_name: 'Jamie',
      last_name: 'Patel',
      phone: '07700 900123',
      postcode: 'LS6 2AB',
      home_venue: { id: leeds.id, name: 'Leeds Pool' },
      photo_url: `/api/staff/desk/customers/${jamie.id}/photo`,
    });
    expect(data.memberships).toEqual([
      expect.objectContaining({
        id: membership.id,
        reference: 'M-1001',
        name: 'Gym Monthly',
        status: membership.status,
        status_info: null,
        venue: 'Leeds Pool',
        start_date: '2026-06-01',
        start_date_pretty: '1 June 2026',
      }),
    ]);
    expect(data.upcoming_bookings).toEqual([
      expect.objectContaining({
        name: 'Spin',
        venue: { id: leeds.id, name: 'Leeds Pool' },
        starts_at: {
          raw: '2026-11-30T18:00:00.000Z',
          local: '2026-11-30T18:00:00',
          pretty: '30 Nov 2026 at 18:00',
        },
        status: 'booked',
        attended: null,
      }),
    ]);
    expect(data.recent_bookings).toEqual([
      expect.objectContaining({
        name: 'Yoga',
        venue: { id: york.id, name: 'York Gym' },
        starts_at: expect.objectContaining({ local: '2026-07-01T18:00:00', pretty: '1 Jul 2026 at 18:00' }),
        attended: true,
      }),
    ]);
    // Orders made for the bookings, newest first; the one made at 00:30Z on 25 October is 01:30 BST.
    expect(data.recent_orders.find((o: { id: number }) => o.id === order.id)).toEqual({
      id: order.id,
      number: String(order.id),
      reference: order.uuid,
      created_at: {
        raw: '2026-10-25T00:30:00.000Z',
        local: '2026-10-25T01:30:00',
        pretty: '25 Oct 2026 at 01:30',
      },
      total: { raw: 4200, formatted: '£42.00' },
      status: 'completed',
    });
    expect(data.credit).toEqual({
      general: { raw: 1250, formatted: '£12.50' },
      membership: { raw: 0, formatted: '£0.00' },
      total: { raw: 1250, formatted: '£12.50' },
    });
    expect(data.unpaid_fees).toEqual([
      expect.objectContaining({
        description: 'No-show fee',
        amount: { raw: 300, formatted: '£3.00' },
        venue: 'Leeds Pool',
      }),
    ]);
    expect(data.unpaid_total).toEqual({ raw: 300, formatted: '£3.00' });
    expect(data.waivers).toEqual([
      {
        id: waiver!.id,
        name: 'Gym induction',
        attendee: null,
        signed: 'Tuesday 1 September 2026',
        expires: null,
      },
    ]);
    expect(data.guest_passes).toEqual([
      expect.objectContaining({
        id: pass.id,
        guest_name: 'Sam Friend',
        code: pass.code,
        status: 'issued',
        redeemed_at: null,
        venue: { id: leeds.id, name: 'Leeds Pool' },
      }),
    ]);
    expect(data.check_ins).toEqual([]);
  });

  it('answers 404 for a customer who does not exist or is another operator’s', async () => {
    const other = await createClient(t.db);
    const stranger = await createCustomer(t.db, { clientId: other.id });
    for (const id of [999_999, stranger.id]) {
      const res = await call(await asAdmin(), 'GET', `/api/staff/desk/customers/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DESK_TEXTS.customerNotFound);
    }
  });

  it('streams the customer’s photo to staff only; none answers 404', async () => {
    const res = await call(await asDesk(), 'GET', `/api/staff/desk/customers/${jamie.id}/photo`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.body).toBe('jpeg-bytes');
    expect(res.headers['cache-control']).toContain('private');
    expect(
      (await call(await asDesk(), 'GET', `/api/staff/desk/customers/${robin.id}/photo`)).statusCode,
    ).toBe(404);
    const asCustomer = await sessionFor(t.db, jamie.id);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/staff/desk/customers/${jamie.id}/photo`,
          headers: asCustomer.headers,
        })
      ).statusCode,
    ).toBe(401);
  });
});
