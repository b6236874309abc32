import { Readable } from 'node:stream';
import { CSRF_COOKIE, CSRF_HEADER, DESK_TEXTS, STAFF_SESSION_COOKIE } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../src/cli/staff-command.ts';
import {
  auditLog,
  bookings,
  checkIns,
  customers,
  guestPasses,
  waiverSignatures,
  waivers,
} from '../src/db/schema.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  createBooking,
  createClient,
  createCredit,
  createCustomer,
  createGuestPass,
  createGuestPassPackage,
  createMandate,
  createMembership,
  createMembershipType,
  createOrder,
  createPaymentOption,
  createPenalty,
  createSession,
  createVenue,
  sessionFor,
  setupTestDatabase,
  TEST_CSRF,
} from './helper.ts';

const PASSWORD = 'Desk-Password-2026!';
// Tuesday 24 November 2026, 10:00 in London (GMT).
const clock = new Date('2026-11-24T10:00:00Z');
const t = await setupTestDatabase();
const storage = new MemoryStorage();
let app: FastifyInstance;

const client = await createClient(t.db);
const leeds = await createVenue(t.db, { clientId: client.id, slug: 'leeds', name: 'Leeds Pool' });
const york = await createVenue(t.db, { clientId: client.id, slug: 'york', name: 'York Gym' });
const monthly = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'monthly',
  name: 'Gym Monthly',
});
const option = await createPaymentOption(t.db, {
  membershipTypeId: monthly.id,
  baseFee: 3500,
  joiningFee: 0,
});

const staff = (argv: string[]) => runStaffCommand(t.db, argv, () => {}, clock);
const addStaff = async (email: string, name: string, role: string, venue?: string) =>
  expect(
    await staff([
      'add',
      '--email',
      email,
      '--name',
      name,
      '--role',
      role,
      ...(venue ? ['--venue', venue] : []),
      '--password',
      PASSWORD,
    ]),
  ).toBe(0);

beforeAll(async () => {
  app = await t.buildTestApp({}, { now: () => clock, storage });
  await addStaff('admin@example.test', 'Ada Admin', 'administrator');
  await addStaff('desk@example.test', 'Dev Desk', 'front_desk', 'leeds');
  await addStaff('york@example.test', 'Yan Manager', 'centre_manager', 'york');
});

type StaffSession = { cookie: string; [CSRF_HEADER]: string };
const sessions = new Map<string, StaffSession>();
async function logIn(email: string): Promise<StaffSession> {
  const known = sessions.get(email);
  if (known) return known;
  const res = await app.inject({
    method: 'POST',
    url: '/api/staff/auth/login',
    headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)?.value;
  const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  const session = {
    cookie: `${CSRF_COOKIE}=${csrf}; ${STAFF_SESSION_COOKIE}=${token}`,
    [CSRF_HEADER]: csrf!,
  };
  sessions.set(email, session);
  return session;
}
const asAdmin = () => logIn('admin@example.test');
const asDesk = () => logIn('desk@example.test');
const asYork = () => logIn('york@example.test');

async function call(
  who: StaffSession | { cookie: string; [CSRF_HEADER]: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
}

async function auditOf(action: string, entityId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

// Jamie Patel: a Leeds member with a mandate in LS6, a photo, bookings, an order, credit, a fee, a waiver.
const jamie = await createCustomer(t.db, {
  clientId: client.id,
  homeVenueId: leeds.id,
  firstName: 'Jamie',
  lastName: 'Patel',
  email: 'jamie.patel@example.test',
  reference: 'C-1001',
  phone: '07700 900123',
});
await createMandate(t.db, { customerId: jamie.id, billingPostcode: 'LS6 2AB' });
const photoKey = `photos/${jamie.id}/face.jpg`;
await storage.put(photoKey, Readable.from([Buffer.from('jpeg-bytes')]), 'image/jpeg');
await t.db.update(customers).set({ profilePhotoPath: photoKey }).where(eq(customers.id, jamie.id));
const membership = await createMembership(t.db, {
  customerId: jamie.id,
  membershipTypeId: monthly.id,
  paymentOptionId: option.id,
  homeVenueId: leeds.id,
  reference: 'M-1001',
  startDate: '2026-06-01',
});
const bundle = await createGuestPassPackage(t.db, { customerId: jamie.id });
const sendPass = (overrides: Omit<Parameters<typeof createGuestPass>[1], 'customerPackageId'>) =>
  createGuestPass(t.db, { customerPackageId: bundle.id, ...overrides });
// A York member: Robin Jamieson.
const robin = await createCustomer(t.db, {
  clientId: client.id,
  homeVenueId: york.id,
  firstName: 'Robin',
  lastName: 'Jamieson',
  email: 'robin@example.test',
  reference: 'C-2002',
});

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
    // 25 October 2026 (clocks go back, a 25-hour day): 00:30 BST is 23:30Z the day before; 23:30 GMT is 23:30Z.
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-10-24T22:30:00Z'),
      name: 'Oct 24 late',
    });
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-10-24T23:30:00Z'),
      name: 'Oct 25 first',
    });
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-10-25T23:30:00Z'),
      name: 'Oct 25 last',
    });
    expect(await names('2026-10-25')).toEqual(['Oct 25 first', 'Oct 25 last']);
    // 29 March 2026 (clocks go forward, a 23-hour day): 00:30 GMT is 00:30Z; 23:30 BST is 22:30Z.
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-03-29T00:30:00Z'),
      name: 'Mar 29 first',
    });
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-03-29T22:30:00Z'),
      name: 'Mar 29 last',
    });
    await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-03-29T23:30:00Z'),
      name: 'Mar 30 first',
    });
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
