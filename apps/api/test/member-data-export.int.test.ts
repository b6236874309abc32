// A person's data, all of it (UK GDPR subject access; issue 36 item 6, decision 077): the member's own download from
// My details and staff's for a request, streamed a page at a time; only the person's data, only to them or to staff
// who serve them; staff downloads audited.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditTransactions, customers } from '../src/db/schema.ts';
import {
  createBooking,
  createCustomer,
  createOrder,
  createSession,
  csrfHeaders,
  login,
  type Session,
} from './helper.ts';
import { staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, client, leeds, jamie, robin, asAdmin, asDesk, asYork, call, auditOf } =
  await staffDeskTestbed();

type Export = {
  format: string;
  operator: string;
  customer_reference: string;
  sections: Record<string, Record<string, unknown>[]>;
};

const download = (session: Session | null, url: string) =>
  app.inject({ method: 'GET', url, headers: session ? session.headers : csrfHeaders() });

// Jamie's history: a booking with its order and payment, a staff note, medical notes, credit over several pages.
const past = await createSession(t.db, {
  venueId: leeds.id,
  startsAt: new Date('2026-10-02T18:00:00Z'),
  name: 'Aqua fit',
});
const { order } = await createOrder(t.db, {
  customerId: jamie.id,
  total: 650,
  lines: [{ kind: 'other', name: 'Aqua fit', price: 650 }],
  payments: [{ tenderType: 'card', amount: 650, cardDescription: 'Visa ending in 4242' }],
});
await createBooking(t.db, {
  customerId: jamie.id,
  sessionId: past.session.id,
  orderId: order.id,
  status: 'attended',
});
await t.db
  .update(customers)
  .set({ medicalNotes: 'Asthma: inhaler in locker 12', postcode: 'LS6 2AB', addressLine1: '3 Cardigan Road' })
  .where(eq(customers.id, jamie.id));
const CREDITS = 1203; // more than two pages of 500
await t.db.insert(creditTransactions).values(
  Array.from({ length: CREDITS }, (_, i) => ({
    customerId: jamie.id,
    kind: 'general' as const,
    amount: 100 + i,
    reason: 'Goodwill',
    description: `Credit ${i + 1}`,
  })),
);
await t.db
  .insert(creditTransactions)
  .values({ customerId: robin.id, kind: 'general', amount: 7777, reason: 'Goodwill' });
const noted = await call(await asDesk(), 'POST', `/api/staff/members/${jamie.id}/notes`, {
  body: 'Prefers the early lane; asked about swimming lessons for his daughter',
});
expect(noted.statusCode, noted.body).toBe(201);

describe("the member's own data download", () => {
  it('holds everything about the member, streamed in pages, and nothing of anyone else', async () => {
    const session = await login(app, jamie);
    const res = await download(session, '/api/my-account/data-export?format=json');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="data-C-1001-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as Export;
    expect(data).toMatchObject({ format: 'fieldhouse-data-export/1', customer_reference: 'C-1001' });
    const s = data.sections;
    expect(s.profile).toEqual([
      expect.objectContaining({
        reference: 'C-1001',
        email: 'jamie.patel@example.test',
        first_name: 'Jamie',
        last_name: 'Patel',
        phone: '07700 900123',
        medical_notes: 'Asthma: inhaler in locker 12',
        address_line_1: '3 Cardigan Road',
        postcode: 'LS6 2AB',
        profile_photo: 'http://localhost:80/api/my-account/data-export/files/photo',
      }),
    ]);
    expect(s.profile![0]).not.toHaveProperty('password_hash');
    expect(s.memberships!.map((m) => m.reference)).toEqual(['M-1001']);
    expect(s.bookings).toEqual([
      expect.objectContaining({ activity: 'Aqua fit', status: 'attended', order_id: order.id }),
    ]);
    expect(s.orders!.map((o) => o.id)).toEqual([order.id]);
    expect(s.payments).toEqual([
      expect.objectContaining({ amount: 650, card_description: 'Visa ending in 4242' }),
    ]);
    expect(s.mandates).toEqual([expect.objectContaining({ billing_postcode: 'LS6 2AB' })]);
    expect(s.staff_notes).toEqual([
      expect.objectContaining({ author: 'Dev Desk', body: expect.stringContaining('early lane') }),
    ]);
    expect(s.audit!.map((a) => a.action)).toContain('customer.note_add');
    expect(s.logins!.length).toBeGreaterThan(0);
    expect(s.logins![0]).not.toHaveProperty('token_hash');
    // Every credit entry, in order, across the pages.
    expect(s.credit!.map((c) => c.description)).toEqual(
      Array.from({ length: CREDITS }, (_, i) => `Credit ${i + 1}`),
    );
    // Nobody else's data.
    expect(res.body).not.toContain('robin@example.test');
    expect(res.body).not.toContain('C-2002');
    expect(res.body).not.toContain('"amount":7777');

    // The photo it lists downloads; the member's own files only.
    const photo = await download(session, '/api/my-account/data-export/files/photo');
    expect(photo.statusCode).toBe(200);
    expect(photo.body).toBe('jpeg-bytes');
    expect(photo.headers['content-disposition']).toBe('attachment');
  });

  it('the readable page holds the same sections, escaped', async () => {
    const session = await login(app, jamie);
    const res = await download(session, '/api/my-account/data-export?format=html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toContain('.html"');
    expect(res.body).toContain('<h1>Your data held by');
    expect(res.body).toContain('<h2>Notes our staff wrote</h2>');
    expect(res.body).toContain('Asthma: inhaler in locker 12');
    expect(res.body).toContain('Credit 1203');
    expect(res.body).not.toContain('robin@example.test');
  });

  it('is refused without a session, and another member gets only their own', async () => {
    expect((await download(null, '/api/my-account/data-export')).statusCode).toBe(401);
    expect((await download(null, '/api/my-account/data-export/files/photo')).statusCode).toBe(401);
    const other = await login(app, robin);
    const theirs = await download(other, '/api/my-account/data-export');
    expect(theirs.statusCode).toBe(200);
    const data = theirs.json() as Export;
    expect(data.sections.profile![0]).toMatchObject({ email: 'robin@example.test' });
    expect(data.sections.credit!.map((c) => c.amount)).toEqual([7777]);
    expect(theirs.body).not.toContain('jamie.patel@example.test');
    expect(theirs.body).not.toContain('Asthma');
    // Jamie's photo is not Robin's to download (Robin has none).
    expect((await download(other, '/api/my-account/data-export/files/photo')).statusCode).toBe(404);
    expect((await download(other, '/api/my-account/data-export/files/document-1')).statusCode).toBe(404);
    expect((await download(other, '/api/my-account/data-export/files/..%2Fsecret')).statusCode).toBe(422);
  });
});

describe("staff's download for a subject access request", () => {
  it('administrators and the centre managers of the customer’s venue may; it is audited; others are refused', async () => {
    const admin = await asAdmin();
    const res = await call(admin, 'GET', `/api/staff/members/${jamie.id}/data-export?format=json`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const data = res.json() as Export;
    expect(data.sections.profile![0]).toMatchObject({
      email: 'jamie.patel@example.test',
      profile_photo: `http://localhost:80/api/staff/members/${jamie.id}/data-export/files/photo`,
    });
    expect(res.body).not.toContain('robin@example.test');
    const [entry] = await auditOf('customer.data_export', jamie.id);
    expect(entry).toMatchObject({ actor: 'Ada Admin', after: { reference: 'C-1001', format: 'json' } });
    const photo = await call(admin, 'GET', `/api/staff/members/${jamie.id}/data-export/files/photo`);
    expect(photo.body).toBe('jpeg-bytes');

    // Front desk: not their job (403). York's manager: Jamie is a Leeds customer (404); Robin is theirs.
    expect((await call(await asDesk(), 'GET', `/api/staff/members/${jamie.id}/data-export`)).statusCode).toBe(
      403,
    );
    expect((await call(await asYork(), 'GET', `/api/staff/members/${jamie.id}/data-export`)).statusCode).toBe(
      404,
    );
    const york = await call(await asYork(), 'GET', `/api/staff/members/${robin.id}/data-export?format=html`);
    expect(york.statusCode).toBe(200);
    expect(await auditOf('customer.data_export', robin.id)).toEqual([
      expect.objectContaining({ actor: 'Yan Manager', after: { reference: 'C-2002', format: 'html' } }),
    ]);
    // No member session reaches the staff download.
    expect(
      (await download(await login(app, jamie), `/api/staff/members/${jamie.id}/data-export`)).statusCode,
    ).toBe(401);
    // A customer of another operator does not exist here.
    const stranger = await createCustomer(t.db, { clientId: client.id, email: 'stranger@example.test' });
    expect(
      (await call(admin, 'GET', `/api/staff/members/${stranger.id + 1000}/data-export`)).statusCode,
    ).toBe(404);
  });
});
