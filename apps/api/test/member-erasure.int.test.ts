// Erasing a customer's personal data from the staff console (issue 36 item 6, decision 073): nothing of the person
// left in any column of any table or in the file store, the finance records kept, refusals.
import { Readable } from 'node:stream';
import { CSRF_FAILED_STATUS } from '@fieldhouse/contract';
import { ERASURE_TEXTS } from '@fieldhouse/contract/texts/member-erasure';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  checkIns,
  customers,
  directDebitMandates,
  directDebitPayments,
  eligibilityDocuments,
  freezeRequests,
  mailOutbox,
  orderItems,
  orders,
  payments,
  paymentWebhookEvents,
} from '../src/db/schema.ts';
import {
  createBooking,
  createCart,
  createCustomer,
  createEligibilityCriterion,
  createFreezeType,
  createMandate,
  createMembership,
  createOrder,
  createPenalty,
  createSavedCard,
  createSession,
  createWaitlistEntry,
  csrfHeaders,
  login,
} from './helper.ts';
import { clock, staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, storage, client, leeds, jamie, membership, asAdmin, asDesk, asYork, call, auditOf } =
  await staffDeskTestbed();

const PERSON = {
  firstName: 'Thaddeus',
  lastName: 'Quillfeather',
  email: 'thaddeus.quillfeather@example.test',
  phone: '07700 900456',
  dateOfBirth: '1961-07-09',
  postcode: 'LS6 9QZ',
  address: '41 Quarry Mount',
  medical: 'Epilepsy: takes lamotrigine twice daily',
  emergency: 'Perpetua Quillfeather',
};
/** What must be found nowhere after the erasure (compared in lower case, anywhere inside a value). */
const NEEDLES = [
  PERSON.firstName,
  PERSON.lastName,
  PERSON.email,
  PERSON.phone,
  PERSON.dateOfBirth,
  PERSON.postcode,
  PERSON.address,
  'lamotrigine',
].map((n) => n.toLowerCase());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every column of every table that can hold the person's data as text (text, varchar, char, json, jsonb, date). */
async function searchEverywhere(db: Db, needles: string[]) {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await db.execute(
      sql.raw(`select c.table_schema, c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'date')
        order by 1, 2, 3`),
    ),
  );
  const found: string[] = [];
  for (const c of columns) {
    const column = `"${c.table_schema}"."${c.table_name}"."${c.column_name}"`;
    const value = `lower("${c.column_name}"::text)`;
    const conditions = needles
      .map((n) => `position('${n.replaceAll("'", "''")}' in ${value}) > 0`)
      .join(' or ');
    const hits = rowsOf<{ v: string }>(
      await db.execute(
        sql.raw(`select "${c.column_name}"::text as v from "${c.table_schema}"."${c.table_name}"
          where ${conditions} limit 3`),
      ),
    );
    for (const hit of hits) found.push(`${column}: ${hit.v.slice(0, 120)}`);
  }
  return { columns: columns.length, found };
}

/** The person, with everything a customer can have: returns their id, number and file keys. */
async function makeEverything() {
  const person = await createCustomer(t.db, {
    clientId: client.id,
    homeVenueId: leeds.id,
    firstName: PERSON.firstName,
    lastName: PERSON.lastName,
    email: PERSON.email,
    reference: 'C-7001',
    phone: PERSON.phone,
    dateOfBirth: PERSON.dateOfBirth,
    marketingOptIn: true,
  });
  const memberSession = await login(app, { email: PERSON.email, password: person.password });

  // A staff edit with medical text (audited with before and after), a note and a flag.
  const edited = await call(await asAdmin(), 'PUT', `/api/staff/members/${person.id}`, {
    first_name: PERSON.firstName,
    last_name: PERSON.lastName,
    email: PERSON.email,
    phone: PERSON.phone,
    date_of_birth: PERSON.dateOfBirth,
    address_line_one: PERSON.address,
    address_line_two: 'Hyde Park',
    town: 'Leeds',
    postcode: PERSON.postcode,
    emergency_contact_name: PERSON.emergency,
    emergency_contact_phone: '0113 496 0777',
    medical_notes: PERSON.medical,
    marketing_opt_in: true,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const noted = await call(await asDesk(), 'POST', `/api/staff/members/${person.id}/notes`, {
    body: `Thaddeus asked us to call ${PERSON.phone} about his lamotrigine`,
  });
  expect(noted.statusCode, noted.body).toBe(201);
  const flagged = await call(await asDesk(), 'PUT', `/api/staff/members/${person.id}/flags/photo_id_seen`, {
    is_set: true,
  });
  expect(flagged.statusCode, flagged.body).toBe(200);
  expect(await auditOf('customer.update', person.id)).toHaveLength(1);

  // A membership that has ended, its cancelled mandate and a collection it took; a saved card.
  const ended = await createMembership(t.db, {
    customerId: person.id,
    membershipTypeId: membership.membershipTypeId,
    paymentOptionId: membership.paymentOptionId,
    homeVenueId: leeds.id,
    reference: 'M-7001',
    status: 'cancelled',
    startDate: '2026-01-01',
    expiresAt: '2026-10-31',
  });
  const mandate = await createMandate(t.db, {
    customerId: person.id,
    status: 'cancelled',
    accountHolder: `${PERSON.firstName} ${PERSON.lastName}`,
    billingAddressLine1: PERSON.address,
    billingCity: 'Leeds',
    billingPostcode: PERSON.postcode,
  });
  await t.db.insert(directDebitPayments).values({
    mandateId: mandate.id,
    membershipId: ended.id,
    provider: 'sandbox',
    providerPaymentId: 'PM-7001',
    amount: 3500,
    chargeDate: '2026-10-01',
    status: 'paid_out',
  });
  await createSavedCard(t.db, {
    customerId: person.id,
    billing: {
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      addressLine1: PERSON.address,
      addressLine2: null,
      city: 'Leeds',
      postcode: PERSON.postcode,
    },
  });

  // An attended booking with its order and card payment; a paid fee; a waitlist place and a basket for later.
  const past = await createSession(t.db, { venueId: leeds.id, startsAt: new Date('2026-11-20T18:00:00Z') });
  const { order } = await createOrder(t.db, {
    customerId: person.id,
    total: 1150,
    lines: [{ kind: 'other', name: 'Spin', price: 1150 }],
    payments: [{ tenderType: 'card', amount: 1150, cardDescription: 'Visa ending in 4242' }],
  });
  await createBooking(t.db, {
    customerId: person.id,
    sessionId: past.session.id,
    orderId: order.id,
    status: 'attended',
  });
  await createPenalty(t.db, { customerId: person.id, venueId: leeds.id, status: 'paid' });
  const later = await createSession(t.db, { venueId: leeds.id, startsAt: new Date('2026-12-01T18:00:00Z') });
  await createWaitlistEntry(t.db, { customerId: person.id, sessionId: later.session.id });
  await createCart(t.db, { customerId: person.id, items: [{ type: 'activity', id: later.session.id }] });

  // A photo and an eligibility document in the file store; a mail to them in the outbox.
  const photoKey = `photos/${person.id}/face.jpg`;
  await storage.put(photoKey, Readable.from([Buffer.from('jpeg-bytes')]), 'image/jpeg');
  await t.db
    .update(customers)
    .set({ profilePhotoPath: photoKey, profilePhotoBytes: 10 })
    .where(eq(customers.id, person.id));
  const { criterion, documentTypes } = await createEligibilityCriterion(t.db, {
    clientId: client.id,
    name: 'Over 60',
    documentTypes: ['Passport'],
  });
  const documentKey = `documents/${person.id}/passport.pdf`;
  await storage.put(documentKey, Readable.from([Buffer.from('%PDF-1.4')]), 'application/pdf');
  await t.db.insert(eligibilityDocuments).values({
    customerId: person.id,
    membershipId: ended.id,
    criterionId: criterion.id,
    documentTypeId: documentTypes[0]!.id,
    storageKey: documentKey,
    originalName: 'quillfeather-passport.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 8,
  });
  // Freeze proof in the file store, a check-in staff overrode naming them, a card provider's event with their email.
  const proofKey = `freeze-proof/${person.id}/letter.pdf`;
  await storage.put(proofKey, Readable.from([Buffer.from('%PDF-1.4 proof')]), 'application/pdf');
  const freezeType = await createFreezeType(t.db, { clientId: client.id });
  await t.db.insert(freezeRequests).values({
    customerId: person.id,
    membershipId: ended.id,
    freezeTypeId: freezeType.id,
    activeFrom: '2026-03-01',
    months: 1,
    storageKey: proofKey,
    originalName: 'quillfeather-gp-letter.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 14,
    status: 'approved',
  });
  await t.db.insert(checkIns).values({
    customerId: person.id,
    venueId: leeds.id,
    at: new Date('2026-11-20T17:50:00Z'),
    allowed: false,
    reasons: [{ code: 'no_membership', text: 'No membership covers this venue' }],
    overrideReason: 'Thaddeus showed his renewal letter',
  });
  await t.db.insert(paymentWebhookEvents).values({
    provider: 'stripe',
    eventId: 'evt_7001',
    type: 'payment_intent.succeeded',
    payload: {
      id: 'evt_7001',
      data: { object: { billing_details: { email: PERSON.email, name: 'T Quillfeather' } } },
    },
    status: 'processed',
    receivedAt: new Date('2026-11-20T17:00:00Z'),
  });
  await t.db.insert(mailOutbox).values({
    kind: 'booking_confirmation',
    toAddress: PERSON.email,
    subject: 'Your booking',
    textBody: `Dear Thaddeus Quillfeather, see you at Spin.`,
  });
  return { person, memberSession, order, files: [photoKey, documentKey, proofKey] };
}

describe('erasing a customer’s personal data', () => {
  it('leaves nothing of the person in any column or the file store, keeping orders and payments', async () => {
    const { person, memberSession, order, files } = await makeEverything();
    const before = await searchEverywhere(t.db, NEEDLES);
    // The search finds the person everywhere they are before (a search that finds nothing proves nothing).
    for (const where of [
      'public"."customers"."first_name',
      'public"."customers"."date_of_birth',
      'public"."audit_log"."after',
      'public"."customer_notes"."body',
      'public"."saved_cards"."billing_postcode',
      'public"."direct_debit_mandates"."account_holder',
      'public"."mail_outbox"."to_address',
      'public"."sandbox_card_tokens"."billing',
      'public"."eligibility_documents"."original_name',
      'public"."freeze_requests"."original_name',
      'public"."check_ins"."override_reason',
      'public"."payment_webhook_events"."payload',
    ])
      expect(
        before.found.some((f) => f.startsWith(`"${where}"`)),
        where,
      ).toBe(true);
    const ordersBefore = await t.db.select().from(orders).where(eq(orders.customerId, person.id));
    const paymentsBefore = await t.db.select().from(payments).where(eq(payments.orderId, order.id));

    const res = await call(await asAdmin(), 'POST', `/api/staff/members/${person.id}/erase`, {
      confirmation: ' c-7001 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: person.id,
      reference: 'C-7001',
      message: ERASURE_TEXTS.erased('C-7001'),
      files_deleted: 3,
    });

    const after = await searchEverywhere(t.db, NEEDLES);
    expect(after.columns).toBeGreaterThan(100);
    expect(after.found).toEqual([]);
    for (const key of files) expect(await storage.get(key), key).toBeNull();

    // The record stays, with its number and no identity; the finance records are whole.
    const [row] = await t.db.select().from(customers).where(eq(customers.id, person.id));
    expect(row).toMatchObject({
      reference: 'C-7001',
      email: `erased-${person.id}@erased.invalid`,
      firstName: 'Erased',
      lastName: 'customer',
      passwordHash: '',
      phone: null,
      dateOfBirth: null,
      postcode: null,
      medicalNotes: null,
      profilePhotoPath: null,
      marketingOptIn: false,
    });
    expect(await t.db.select().from(orders).where(eq(orders.customerId, person.id))).toEqual(ordersBefore);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual(paymentsBefore);
    expect(
      await t.db.select({ total: orderItems.price }).from(orderItems).where(eq(orderItems.orderId, order.id)),
    ).toEqual([{ total: 1150 }]);
    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, person.id));
    expect(mandate!.reference).toMatch(/^SBX-T-/);
    expect(
      await t.db
        .select({ amount: directDebitPayments.amount })
        .from(directDebitPayments)
        .where(eq(directDebitPayments.mandateId, mandate!.id)),
    ).toEqual([{ amount: 3500 }]);

    // Logged out, and cannot log in again by email or customer number.
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: memberSession.headers });
    expect(me.statusCode).toBe(401);
    for (const username of [PERSON.email, 'C-7001', `erased-${person.id}@erased.invalid`]) {
      const attempt = await app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: csrfHeaders(),
        payload: { username, password: person.password },
      });
      expect(attempt.statusCode, username).not.toBe(200);
    }

    // The audit says who erased which customer, and no more; the edit's entry keeps its shape, not its values.
    const [erasure] = await auditOf('customer.erase', person.id);
    expect(erasure).toMatchObject({ actor: 'Ada Admin', entity: 'customer', before: null });
    expect(erasure!.after).toEqual({ reference: 'C-7001', files_deleted: 3 });
    const [edit] = await auditOf('customer.update', person.id);
    expect(edit!.after).toMatchObject({ medical_notes: '[erased]', postcode: '[erased]' });
    expect(new Set(Object.values(edit!.after as object))).toEqual(new Set(['[erased]']));

    // Once erased, a second erasure is refused.
    const again = await call(await asAdmin(), 'POST', `/api/staff/members/${person.id}/erase`, {
      confirmation: 'C-7001',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ERASURE_TEXTS.alreadyErased);
  });

  it('is for administrators only, with the customer’s number typed', async () => {
    const target = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      firstName: 'Ottoline',
      lastName: 'Brackenbury',
      email: 'ottoline@example.test',
      reference: 'C-7002',
    });
    const url = `/api/staff/members/${target.id}/erase`;
    for (const who of [await asDesk(), await asYork()])
      expect((await call(who, 'POST', url, { confirmation: 'C-7002' })).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url,
      headers: csrfHeaders(),
      payload: { confirmation: 'C-7002' },
    });
    expect(anonymous.statusCode).toBe(401);

    const wrong = await call(await asAdmin(), 'POST', url, { confirmation: 'C-7001' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ confirmation: [ERASURE_TEXTS.confirmationMismatch] });
    const empty = await call(await asAdmin(), 'POST', url, { confirmation: '  ' });
    expect(empty.statusCode).toBe(422);
    const missing = await call(await asAdmin(), 'POST', '/api/staff/members/999999/erase', {
      confirmation: 'X',
    });
    expect(missing.statusCode).toBe(404);
    // Without the CSRF header the call is refused before anything is read.
    const admin = await asAdmin();
    const noCsrf = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin.cookie },
      payload: { confirmation: 'C-7002' },
    });
    expect(noCsrf.statusCode).toBe(CSRF_FAILED_STATUS);

    const [row] = await t.db.select().from(customers).where(eq(customers.id, target.id));
    expect(row!.firstName).toBe('Ottoline');
    expect(await auditOf('customer.erase', target.id)).toEqual([]);
  });

  it('is refused (409) while obligations are outstanding, each named, and erases nothing', async () => {
    // Jamie: a live membership, an active mandate; add an unpaid fee and a future booking.
    await createPenalty(t.db, { customerId: jamie.id, venueId: leeds.id, amount: 1250 });
    const upcoming = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-26T18:00:00Z'),
    });
    await createBooking(t.db, { customerId: jamie.id, sessionId: upcoming.session.id });
    const ended = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(clock.getTime() - 86_400_000),
    });
    await createBooking(t.db, { customerId: jamie.id, sessionId: ended.session.id, status: 'booked' });

    const res = await call(await asAdmin(), 'POST', `/api/staff/members/${jamie.id}/erase`, {
      confirmation: 'C-1001',
    });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual([
      'future_bookings',
      'live_membership',
      'mandate_collecting',
      'unpaid_fees',
    ]);
    expect(body.errors.live_membership).toEqual([ERASURE_TEXTS.liveMembership('M-1001')]);
    expect(body.errors.unpaid_fees).toEqual([ERASURE_TEXTS.unpaidFees('£12.50')]);
    // The session that has started is not a future booking.
    expect(body.errors.future_bookings).toEqual([ERASURE_TEXTS.futureBookings(1)]);
    expect(body.message).toContain(ERASURE_TEXTS.liveMembership('M-1001'));

    const [row] = await t.db.select().from(customers).where(eq(customers.id, jamie.id));
    expect(row).toMatchObject({ firstName: 'Jamie', email: 'jamie.patel@example.test' });
    expect(await storage.get(row!.profilePhotoPath!)).not.toBeNull();
    expect(await auditOf('customer.erase', jamie.id)).toEqual([]);
  });
});
