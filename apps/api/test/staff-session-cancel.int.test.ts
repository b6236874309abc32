/**
 * Staff cancel a session from the console (issue 35, item 1): in one transaction the session leaves sale, every
 * booking is cancelled, each member gets back what they paid with (card through the provider's refund, made by a
 * job that retries; credit to credit; membership and package sessions to their allowance), the waitlist ends and each
 * member gets one mail; twice, or two staff at once, changes nothing more.
 */
import { STAFF_PROGRAMME_TEXTS } from '@fieldhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  activitySessions,
  auditLog,
  benefitUsages,
  bookings,
  creditTransactions,
  customerPackages,
  packageUsages,
  refunds,
  sandboxPaymentIntents,
  waitlistEntries,
} from '../src/db/schema.ts';
import type { PaymentProvider } from '../src/services/payments/provider.ts';
import { runCardRefund } from '../src/services/staff/programme/card-refunds.ts';
import {
  createBooking,
  createClient,
  createCustomer,
  createMembershipWithBenefit,
  createPackage,
  createSession,
  createVenue,
  createWaitlistEntry,
  csrfHeaders,
  login,
  outbox,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';
import { paidBookings } from './paid-bookings.fixtures.ts';
import { startStripeStandIn, stripeAgainstStandIn } from './stripe-stand-in.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const elsewhere = await createVenue(t.db, { clientId: client.id, name: 'Bradford' });
/** Card refunds fail this many times before the provider makes them. */
let refundFailures = 0;
let refundCalls = 0;
const wrap = (inner: PaymentProvider): PaymentProvider => ({
  ...inner,
  charge: (request, context) => inner.charge(request, context),
  confirm: (intent, expected, context) => inner.confirm(intent, expected, context),
  forgetCard: (ref, context) => inner.forgetCard(ref, context),
  async refund(chargeId, amount, key, context) {
    refundCalls++;
    if (refundFailures > 0) {
      refundFailures--;
      throw new Error('The card provider is not answering');
    }
    return inner.refund(chargeId, amount, key, context);
  },
});
const app = await t.buildTestApp({}, { wrapPaymentProvider: wrap, jobs: { start: true, workers: false } });
const paid = paidBookings({ app, db: t.db, clientId: client.id });
const bookByCard = async (sessionId: number, firstName: string) =>
  (await paid.bookByCard(sessionId, firstName)).customer;
/** A booking paid by credit (membership credit, then general), as checkout writes it. */
const bookByCredit = async (sessionId: number) =>
  (
    await paid.bookByCredit(sessionId, 'Cara', {
      price: 650,
      credits: [
        { kind: 'membership', granted: 1000, spent: 400 },
        { kind: 'general', granted: 250, spent: 250 },
      ],
    })
  ).customer;
const admin = await staffSessionFor(t.db, { role: 'administrator', name: 'Ada Admin' });
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

const balance = async (customerId: number, kind: 'membership' | 'general') =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.customerId, customerId), eq(creditTransactions.kind, kind)))
    )[0]!.n,
  );

const cancel = (sessionId: number, reason = 'The instructor is ill.', headers = admin.headers) =>
  app.inject({
    method: 'POST',
    url: `/api/staff/sessions/${sessionId}/cancel`,
    headers,
    payload: { reason },
  });

describe('cancelling a session from the staff console', () => {
  it('gives every member back exactly what they paid with, once, ends the waitlist and mails each once', async () => {
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(30), name: 'Spin' });
    const cardMember = await bookByCard(session.id, 'Carl');
    const creditMember = await bookByCredit(session.id);

    const included = await createCustomer(t.db, { clientId: client.id, firstName: 'Mia' });
    const { membership, benefit } = await createMembershipWithBenefit(t.db, {
      clientId: client.id,
      customerId: included.id,
      venueId: venue.id,
    });
    const free = await createBooking(t.db, { customerId: included.id, sessionId: session.id, price: 0 });
    await t.db
      .insert(benefitUsages)
      .values({ membershipId: membership.id, benefitId: benefit.id, bookingId: free.id });

    const packaged = await createCustomer(t.db, { clientId: client.id, firstName: 'Pat' });
    const pkg = await createPackage(t.db, {
      customerId: packaged.id,
      sessionsIncluded: 10,
      sessionsRemaining: 9,
    });
    const fromPackage = await createBooking(t.db, {
      customerId: packaged.id,
      sessionId: session.id,
      price: 0,
    });
    await t.db.insert(packageUsages).values({ customerPackageId: pkg.id, bookingId: fromPackage.id });

    const waiting = await createCustomer(t.db, { clientId: client.id, firstName: 'Wes' });
    await createWaitlistEntry(t.db, { customerId: waiting.id, sessionId: session.id });
    const creditBefore = {
      membership: await balance(creditMember.id, 'membership'),
      general: await balance(creditMember.id, 'general'),
    };

    // Two staff at once: one cancels, the other is told it is already cancelled; nothing twice.
    const other = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [venue.id] });
    const [first, second] = await Promise.all([
      cancel(session.id),
      cancel(session.id, 'The instructor is ill.', other.headers),
    ]);
    const replies = [first, second].sort((a, b) => a.statusCode - b.statusCode);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 409]);
    expect(replies[1]!.json().message).toBe(STAFF_PROGRAMME_TEXTS.alreadyCancelled);
    const data = replies[0]!.json().data;
    expect(data).toMatchObject({
      session_id: session.id,
      bookings_cancelled: 4,
      allowances_returned: 2,
      waitlist_ended: 1,
      mails_queued: 5,
    });
    expect(
      data.refunds.map(
        (r: {
          customer_id: number;
          tender: string;
          destination: string;
          amount: { raw: number };
          status: string;
        }) => [r.customer_id, r.tender, r.destination, r.amount.raw, r.status],
      ),
    ).toEqual([
      [cardMember.id, 'card', 'card', 650, 'pending'],
      [creditMember.id, 'credit', 'credit', 400, 'succeeded'],
      [creditMember.id, 'credit', 'credit', 250, 'succeeded'],
    ]);

    // Off sale, everywhere.
    const [row] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, session.id));
    expect(row).toMatchObject({
      cancelledBy: 'staff',
      cancellationReason: 'The instructor is ill.',
      bookedCount: 0,
    });
    const page = await app.inject({ method: 'GET', url: `/api/sessions/${session.id}` });
    expect(page.json().data).toMatchObject({
      state: 'cancelled',
      places_left: 0,
      cancellation_reason: 'The instructor is ill.',
    });
    expect(
      (await t.db.select().from(bookings).where(eq(bookings.activitySessionId, session.id))).map(
        (b) => b.status,
      ),
    ).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);

    // Credit back as the kinds spent; allowances back.
    expect(await balance(creditMember.id, 'membership')).toBe(creditBefore.membership + 400);
    expect(await balance(creditMember.id, 'general')).toBe(creditBefore.general + 250);
    const [usage] = await t.db.select().from(benefitUsages).where(eq(benefitUsages.bookingId, free.id));
    expect(usage!.returnedAt).not.toBeNull();
    const [pack] = await t.db.select().from(customerPackages).where(eq(customerPackages.id, pkg.id));
    expect(pack!.sessionsRemaining).toBe(10);
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.customerId, waiting.id));
    expect(entry!.status).toBe('expired');

    // The card refund: failing twice at the provider, then made once; staff see it pending meanwhile.
    const [cardRefund] = await t.db.select().from(refunds).where(eq(refunds.customerId, cardMember.id));
    refundFailures = 2;
    refundCalls = 0;
    const deps = { db: t.db, payments: app.payments, log: app.log, now: () => new Date() };
    await expect(runCardRefund(deps, cardRefund!.id)).rejects.toThrow('not answering');
    await expect(runCardRefund(deps, cardRefund!.id)).rejects.toThrow('not answering');
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.id, cardRefund!.id));
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'The card provider is not answering',
    });
    // Staff's list is paged (issue 34): the refund on the first page with the totals, a page past the end empty.
    const listed = await app.inject({
      method: 'GET',
      url: '/api/staff/refunds/pending?per_page=1',
      headers: admin.headers,
    });
    expect(listed.json().data).toMatchObject({
      refunds: [{ id: cardRefund!.id, amount: { raw: 650 }, attempts: 2 }],
      pagination: { current_page: 1, total_pages: 1, total_records: 1, first_record_on_current_page: 1 },
    });
    const beyond = await app.inject({
      method: 'GET',
      url: '/api/staff/refunds/pending?per_page=1&page=2',
      headers: admin.headers,
    });
    expect(beyond.json().data).toMatchObject({ refunds: [], pagination: { total_records: 1 } });
    const tooMany = await app.inject({
      method: 'GET',
      url: '/api/staff/refunds/pending?per_page=101',
      headers: admin.headers,
    });
    expect(tooMany.statusCode).toBe(422);
    await runCardRefund(deps, cardRefund!.id);
    await runCardRefund(deps, cardRefund!.id); // a second run of the same job: nothing more
    const none = await app.inject({
      method: 'GET',
      url: '/api/staff/refunds/pending',
      headers: admin.headers,
    });
    expect(none.json().data.refunds).toEqual([]);
    expect(refundCalls).toBe(3);
    const [made] = await t.db.select().from(refunds).where(eq(refunds.id, cardRefund!.id));
    expect(made).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null });
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.chargeId, cardRefund!.providerChargeId!));
    expect(intent).toMatchObject({ status: 'refunded', refundedAmount: 650 });
    // The job queued in the cancellation's transaction finds it made and asks the provider nothing.
    await app.jobs.runDueJobs();
    expect(refundCalls).toBe(3);

    // One mail each: the booked members say what came back, the waiting one that the waitlist ended.
    const mails = (await outbox(app)).filter((m) => m.subject.startsWith('Cancelled: Spin at '));
    expect(mails.map((m) => m.to).sort()).toEqual(
      [cardMember.email, creditMember.email, included.email, packaged.email, waiting.email].sort(),
    );
    expect(mails.find((m) => m.to === cardMember.email)!.text).toContain('£6.50 back to your card');
    expect(mails.find((m) => m.to === creditMember.email)!.text).toContain(
      '£4.00 back to your account credit',
    );
    expect(mails.find((m) => m.to === included.email)!.text).toContain(
      'Your membership session is back to use',
    );
    expect(mails.find((m) => m.to === packaged.email)!.text).toContain('Your package session is back to use');
    expect(mails.find((m) => m.to === waiting.email)!.text).toContain(
      'You were on its waitlist: that has ended too.',
    );

    // Audit: who, why and the money.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(session.id)));
    expect(entries.filter((e) => e.action === 'session.cancelled')).toEqual([
      expect.objectContaining({
        // Whichever of the two got the session's lock first.
        staffId: first.statusCode === 200 ? admin.staff.id : other.staff.id,
        after: expect.objectContaining({ reason: 'The instructor is ill.', refunded_total: 1300 }),
      }),
    ]);
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.action, 'refund.card_refunded'))).map(
        (e) => e.entityId,
      ),
    ).toEqual([String(cardRefund!.id)]);

    // Asked again later: refused, nothing more refunded or mailed.
    const again = await cancel(session.id);
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(refunds).where(eq(refunds.activitySessionId, session.id))).toHaveLength(
      3,
    );
    expect(
      (await outbox(app)).filter((m) => m.to === cardMember.email && m.subject.startsWith('Cancelled')),
    ).toHaveLength(1);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const started = await createSession(t.db, { venueId: venue.id, startsAt: at(-1) });
    const { session: theirs } = await createSession(t.db, { venueId: elsewhere.id, startsAt: at(30) });
    const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [venue.id] });
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id] });

    const unknown = await cancel(999_999);
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      STAFF_PROGRAMME_TEXTS.sessionNotFound,
    ]);
    const notTheirs = await cancel(theirs.id, 'Pool closed.', manager.headers);
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([
      404,
      STAFF_PROGRAMME_TEXTS.sessionNotFound,
    ]);
    const past = await cancel(started.session.id);
    expect([past.statusCode, past.json().message]).toEqual([422, STAFF_PROGRAMME_TEXTS.started]);
    const noReason = await cancel(session.id, ' ');
    expect([noReason.statusCode, noReason.json().message]).toEqual([
      422,
      STAFF_PROGRAMME_TEXTS.reasonRequired,
    ]);
    const deskStaff = await cancel(session.id, 'Pool closed.', desk.headers);
    expect(deskStaff.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/staff/sessions/${session.id}/cancel`,
      headers: csrfHeaders(),
      payload: { reason: 'Pool closed.' },
    });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, session.id));
    expect(row!.cancelledAt).toBeNull();
  });
});

describe('with Stripe as the card provider (its stand-in)', () => {
  it('refunds the card through Stripe once, however often the job runs', async () => {
    const standIn = await startStripeStandIn();
    afterAll(() => standIn.close());
    const stripeApp = await t.buildTestApp(stripeAgainstStandIn(standIn.port), {
      jobs: { start: true, workers: false },
    });
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(30), name: 'Yoga' });
    const customer = await createCustomer(t.db, { clientId: client.id, firstName: 'Stella' });
    const who = await login(stripeApp, customer);
    const added = await stripeApp.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: who.headers,
      payload: { items: [{ type: 'activity', id: session.id }] },
    });
    const card = await standIn.createPaymentMethod('succeed', {
      name: 'Stella Card',
      line1: '1 High Street',
      city: 'Leeds',
      postalCode: 'LS1 1AA',
    });
    const paid = await stripeApp.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: who.headers,
      payload: {
        terms: true,
        cart_version: added.json().data.version,
        payment_method: { type: 'token', token: card },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const cancelled = await stripeApp.inject({
      method: 'POST',
      url: `/api/staff/sessions/${session.id}/cancel`,
      headers: admin.headers,
      payload: { reason: 'The studio is flooded.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.refunds).toEqual([
      expect.objectContaining({
        destination: 'card',
        status: 'pending',
        amount: { raw: 650, formatted: '£6.50' },
      }),
    ]);
    await stripeApp.jobs.runDueJobs();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.activitySessionId, session.id));
    expect(refund).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Run again (a retry after a lost reply): Stripe is asked with the same key, or not at all; one refund.
    await runCardRefund(
      { db: t.db, payments: stripeApp.payments, log: stripeApp.log, now: () => new Date() },
      refund!.id,
    );
    expect([...standIn.refunds.values()].map((r) => [r.amount, r.charge])).toEqual([
      [650, refund!.providerChargeId],
    ]);
    expect(refund!.providerRefundId).toBe([...standIn.refunds.keys()][0]);
  });
});
