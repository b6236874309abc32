import { CHECK_IN_OVERRIDE_MAX_LENGTH, DESK_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  checkIns,
  clients,
  eligibilityDocuments,
  freezeRequests,
  membershipTypeVenues,
} from '../src/db/schema.ts';
import { previewCheckIn } from '../src/services/staff/desk/check-in.ts';
import {
  createBooking,
  createCustomer,
  createFreezeType,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createPenalty,
  createSession,
  createStudentMembershipType,
} from './helper.ts';
import { clock, type StaffSession, staffDeskTestbed } from './staff-desk.fixtures.ts';

// The clock: Tuesday 24 November 2026, 10:00 in London (GMT).
const { t, client, leeds, york, asAdmin, asDesk, asYork, call, auditOf } = await staffDeskTestbed();

const monthly = await createMembershipType(t.db, { clientId: client.id, slug: 'anywhere', name: 'Anywhere' });
const monthlyOption = await createPaymentOption(t.db, { membershipTypeId: monthly.id, joiningFee: 0 });
// A local membership: York only.
const local = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'york-local',
  name: 'York Local',
  coverage: 'venues',
});
await t.db.insert(membershipTypeVenues).values({ membershipTypeId: local.id, venueId: york.id });
const localOption = await createPaymentOption(t.db, { membershipTypeId: local.id, joiningFee: 0 });

let customers = 0;
/** A Leeds customer with no membership. */
async function newCustomer() {
  customers += 1;
  return createCustomer(t.db, {
    clientId: client.id,
    homeVenueId: leeds.id,
    firstName: 'Casey',
    lastName: `Member${customers}`,
    email: `casey${customers}@example.test`,
  });
}
/** A Leeds customer with an Anywhere membership (active since 1 June 2026 unless told otherwise). */
async function memberWith(overrides: Partial<Parameters<typeof createMembership>[1]> = {}) {
  const customer = await newCustomer();
  const membership = await createMembership(t.db, {
    customerId: customer.id,
    membershipTypeId: monthly.id,
    paymentOptionId: monthlyOption.id,
    homeVenueId: leeds.id,
    ...overrides,
  });
  return { customer, membership };
}

const preview = (who: StaffSession, customerId: number, venueId: number) =>
  call(who, 'GET', `/api/staff/desk/customers/${customerId}/check-in?venue_id=${venueId}`);
const confirm = (who: StaffSession, customerId: number, body: object) =>
  call(who, 'POST', `/api/staff/desk/customers/${customerId}/check-in`, body);
const rowsOf = (customerId: number) =>
  t.db.select().from(checkIns).where(eq(checkIns.customerId, customerId));

/**
 * The desk refuses this customer at Leeds with exactly these reasons, before (preview) and at confirming (409 with
 * the reasons by code), and writes nothing.
 */
async function expectRefused(customerId: number, reasons: [code: string, text: string][]) {
  const desk = await asDesk();
  const seen = await preview(desk, customerId, leeds.id);
  expect(seen.statusCode, seen.body).toBe(200);
  expect(seen.json().data).toEqual({
    allowed: false,
    venue: { id: leeds.id, name: 'Leeds Pool' },
    entry: null,
    reasons: reasons.map(([code, text]) => ({ code, text })),
  });
  const refused = await confirm(desk, customerId, { venue_id: leeds.id });
  expect(refused.statusCode, refused.body).toBe(409);
  expect(refused.json()).toEqual({
    message: `Cannot enter: ${reasons.map(([, text]) => text).join('; ')}`,
    errors: Object.fromEntries(reasons.map(([code, text]) => [code, [text]])),
  });
  expect(await rowsOf(customerId)).toEqual([]);
}

async function expectAllowed(customerId: number, entry: { kind: string; description: string }) {
  const desk = await asDesk();
  const seen = await preview(desk, customerId, leeds.id);
  expect(seen.statusCode, seen.body).toBe(200);
  expect(seen.json().data).toMatchObject({ allowed: true, entry, reasons: [] });
  const done = await confirm(desk, customerId, { venue_id: leeds.id });
  expect(done.statusCode, done.body).toBe(201);
  expect(done.json().data).toMatchObject({ allowed: true, reasons: [], override_reason: null });
  const [row] = await rowsOf(customerId);
  expect(row).toMatchObject({ allowed: true, reasons: [], overrideReason: null });
}

describe('check-in says whether the member may enter, and refuses each ineligible case with its reason', () => {
  it('no membership', async () => {
    const { id } = await newCustomer();
    await expectRefused(id, [['no_membership', 'They have no membership']]);
  });

  it('a membership starting tomorrow (venue-local), and one starting today lets them in', async () => {
    const tomorrow = await memberWith({ startDate: '2026-11-25', status: 'pending' });
    await expectRefused(tomorrow.customer.id, [
      ['membership_not_started', 'Anywhere starts on 25 November 2026'],
    ]);
    const today = await memberWith({ startDate: '2026-11-24', status: 'pending' });
    await expectAllowed(today.customer.id, { kind: 'membership', description: 'Anywhere' });
  });

  it('a membership that ended yesterday; a cancelled one on its final day still lets them in', async () => {
    const ended = await memberWith({ status: 'cancelled', expiresAt: '2026-11-23' });
    await expectRefused(ended.customer.id, [['membership_ended', 'Anywhere ended on 23 November 2026']]);
    const expired = await memberWith({ status: 'expired', expiresAt: '2026-10-31' });
    await expectRefused(expired.customer.id, [['membership_ended', 'Anywhere ended on 31 October 2026']]);
    const finalDay = await memberWith({ status: 'cancelled', expiresAt: '2026-11-24' });
    await expectAllowed(finalDay.customer.id, { kind: 'membership', description: 'Anywhere' });
  });

  it('a frozen membership, and an approved freeze from today the daily job has not applied yet', async () => {
    const freezeType = await createFreezeType(t.db, { clientId: client.id });
    const frozen = await memberWith({ status: 'frozen' });
    await t.db.insert(freezeRequests).values({
      customerId: frozen.customer.id,
      membershipId: frozen.membership.id,
      freezeTypeId: freezeType.id,
      activeFrom: '2026-11-01',
      months: 1,
      status: 'approved',
      startedAt: new Date('2026-11-01T00:05:00Z'),
    });
    await expectRefused(frozen.customer.id, [
      ['membership_frozen', 'Anywhere is frozen until 30 November 2026'],
    ]);

    const fromToday = await memberWith();
    await t.db.insert(freezeRequests).values({
      customerId: fromToday.customer.id,
      membershipId: fromToday.membership.id,
      freezeTypeId: freezeType.id,
      activeFrom: '2026-11-24',
      months: 2,
      status: 'approved',
    });
    await expectRefused(fromToday.customer.id, [
      ['membership_frozen', 'Anywhere is frozen until 23 January 2027'],
    ]);
  });

  it('a local membership for another venue; the venue it covers lets them in', async () => {
    const customer = await newCustomer();
    await createMembership(t.db, {
      customerId: customer.id,
      membershipTypeId: local.id,
      paymentOptionId: localOption.id,
      homeVenueId: york.id,
    });
    await expectRefused(customer.id, [['membership_other_venue', 'York Local does not cover Leeds Pool']]);
    const atYork = await preview(await asYork(), customer.id, york.id);
    expect(atYork.json().data).toMatchObject({
      allowed: true,
      venue: { id: york.id, name: 'York Gym' },
      entry: { kind: 'membership', description: 'York Local' },
    });
  });

  it('every membership says why; one good membership is enough', async () => {
    const { customer } = await memberWith({ startDate: '2026-12-01', status: 'pending' });
    await createMembership(t.db, {
      customerId: customer.id,
      membershipTypeId: local.id,
      paymentOptionId: localOption.id,
      homeVenueId: york.id,
    });
    await expectRefused(customer.id, [
      ['membership_not_started', 'Anywhere starts on 1 December 2026'],
      ['membership_other_venue', 'York Local does not cover Leeds Pool'],
    ]);
    await createMembership(t.db, {
      customerId: customer.id,
      membershipTypeId: monthly.id,
      paymentOptionId: monthlyOption.id,
      homeVenueId: leeds.id,
      status: 'cancelled',
      expiresAt: '2026-11-30',
    });
    await expectAllowed(customer.id, { kind: 'membership', description: 'Anywhere' });
  });

  it('a membership whose proof of eligibility expired', async () => {
    const student = await createStudentMembershipType(t.db, { clientId: client.id });
    const customer = await newCustomer();
    const membership = await createMembership(t.db, {
      customerId: customer.id,
      membershipTypeId: student.type.id,
      paymentOptionId: student.option.id,
      homeVenueId: leeds.id,
    });
    const [doc] = await t.db
      .insert(eligibilityDocuments)
      .values({
        customerId: customer.id,
        membershipId: membership.id,
        criterionId: student.criterion.id,
        documentTypeId: student.card.id,
        storageKey: 'documents/card.pdf',
        originalName: 'card.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 100,
        status: 'approved',
        expiresOn: '2026-11-20',
      })
      .returning();
    await expectRefused(customer.id, [
      ['document_expired', 'Their proof of eligibility for Student expired on 20 November 2026'],
    ]);
    // Good until the end of today.
    await t.db
      .update(eligibilityDocuments)
      .set({ expiresOn: '2026-11-24' })
      .where(eq(eligibilityDocuments.id, doc!.id));
    await expectAllowed(customer.id, { kind: 'membership', description: 'Student' });
  });

  it('unpaid fees refuse entry when the operator blocks on fees, and not when it does not', async () => {
    const { customer } = await memberWith();
    await createPenalty(t.db, { customerId: customer.id, venueId: york.id, amount: 500 });
    await createPenalty(t.db, { customerId: customer.id, venueId: leeds.id, amount: 250 });
    // Paid fees do not count.
    await createPenalty(t.db, { customerId: customer.id, venueId: leeds.id, amount: 999, status: 'paid' });
    await t.db.update(clients).set({ checkInBlocksOnUnpaidFees: true }).where(eq(clients.id, client.id));
    try {
      await expectRefused(customer.id, [['unpaid_fees', 'They have unpaid fees of £7.50']]);
    } finally {
      await t.db.update(clients).set({ checkInBlocksOnUnpaidFees: false }).where(eq(clients.id, client.id));
    }
    await expectAllowed(customer.id, { kind: 'membership', description: 'Anywhere' });
  });

  it('a session booked here starting within 30 minutes, or under way, lets them in without a membership', async () => {
    const soon = await newCustomer();
    // 10:30 is exactly 30 minutes ahead.
    const at1030 = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-24T10:30:00Z'),
      name: 'Spin',
    });
    await createBooking(t.db, { customerId: soon.id, sessionId: at1030.session.id });
    await expectAllowed(soon.id, { kind: 'booking', description: 'Spin at 10:30' });

    const underWay = await newCustomer();
    const at0930 = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date('2026-11-24T09:30:00Z'),
      durationMinutes: 45,
      name: 'Aqua fit',
    });
    await createBooking(t.db, { customerId: underWay.id, sessionId: at0930.session.id });
    await expectAllowed(underWay.id, { kind: 'booking', description: 'Aqua fit at 09:30' });

    // Too early, at another venue, cancelled, or over: no entry.
    const notYet = await newCustomer();
    for (const [venueId, startsAt, status] of [
      [leeds.id, '2026-11-24T10:31:00Z', 'booked'],
      [york.id, '2026-11-24T10:15:00Z', 'booked'],
      [leeds.id, '2026-11-24T10:10:00Z', 'cancelled'],
      [leeds.id, '2026-11-24T09:00:00Z', 'booked'],
    ] as const) {
      const session = await createSession(t.db, {
        venueId,
        startsAt: new Date(startsAt),
        durationMinutes: 45,
      });
      await createBooking(t.db, { customerId: notYet.id, sessionId: session.session.id, status });
    }
    await expectRefused(notYet.id, [['no_membership', 'They have no membership']]);

    // Unpaid fees still refuse it when the operator blocks on them.
    await createPenalty(t.db, { customerId: underWay.id, venueId: leeds.id, amount: 1200 });
    await t.db.update(clients).set({ checkInBlocksOnUnpaidFees: true }).where(eq(clients.id, client.id));
    try {
      const seen = await preview(await asDesk(), underWay.id, leeds.id);
      expect(seen.json().data).toMatchObject({
        allowed: false,
        entry: null,
        reasons: [{ code: 'unpaid_fees', text: 'They have unpaid fees of £12.00' }],
      });
    } finally {
      await t.db.update(clients).set({ checkInBlocksOnUnpaidFees: false }).where(eq(clients.id, client.id));
    }
  });

  it('knows today where the venue is across the clock change (25 October 2026, 00:30 BST is still 24 October UTC)', async () => {
    const { customer } = await memberWith({ startDate: '2026-10-25', status: 'pending' });
    const where = {
      clientId: client.id,
      customerId: customer.id,
      venueId: leeds.id,
      scope: { venueIds: 'all' as const },
    };
    const justAfterMidnight = await previewCheckIn(t.db, { ...where, now: new Date('2026-10-24T23:30:00Z') });
    expect(justAfterMidnight).toMatchObject({ kind: 'verdict', verdict: { allowed: true } });
    const justBefore = await previewCheckIn(t.db, { ...where, now: new Date('2026-10-24T22:59:00Z') });
    expect(justBefore).toMatchObject({
      kind: 'verdict',
      verdict: {
        allowed: false,
        reasons: [{ code: 'membership_not_started', text: 'Anywhere starts on 25 October 2026' }],
      },
    });
  });
});

describe('overriding the desk', () => {
  it('lets a refused member in with a reason: the row keeps verdict, reasons and reason; the audit log the override', async () => {
    const { customer } = await memberWith({ startDate: '2026-11-25', status: 'pending' });
    const desk = await asDesk();
    const res = await confirm(desk, customer.id, {
      venue_id: leeds.id,
      override_reason: '  Starts tomorrow; manager agreed a trial visit  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const reasons = [{ code: 'membership_not_started', text: 'Anywhere starts on 25 November 2026' }];
    expect(res.json().data).toMatchObject({
      customer_id: customer.id,
      venue: { id: leeds.id, name: 'Leeds Pool' },
      staff: 'Dev Desk',
      at: { raw: clock.toISOString() },
      allowed: false,
      reasons,
      override_reason: 'Starts tomorrow; manager agreed a trial visit',
    });
    const [row] = await rowsOf(customer.id);
    expect(row).toMatchObject({
      allowed: false,
      reasons,
      overrideReason: 'Starts tomorrow; manager agreed a trial visit',
      staffId: expect.any(Number),
    });
    expect(await auditOf('customer.check_in_override', row!.id)).toEqual([
      expect.objectContaining({
        actor: 'Dev Desk',
        entity: 'check_in',
        after: expect.objectContaining({
          customer_id: customer.id,
          venue_id: leeds.id,
          allowed: false,
          reasons: ['membership_not_started'],
          override_reason: 'Starts tomorrow; manager agreed a trial visit',
        }),
      }),
    ]);
    expect(await auditOf('customer.check_in', row!.id)).toEqual([]);
  });

  it('refuses an override without a reason (blank or too long) and writes nothing', async () => {
    const { id } = await newCustomer();
    const desk = await asDesk();
    const blank = await confirm(desk, id, { venue_id: leeds.id, override_reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      message: DESK_TEXTS.checkInOverrideRequired,
      errors: { override_reason: [DESK_TEXTS.checkInOverrideRequired] },
    });
    const long = await confirm(desk, id, {
      venue_id: leeds.id,
      override_reason: 'x'.repeat(CHECK_IN_OVERRIDE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(DESK_TEXTS.checkInOverrideTooLong);
    const without = await confirm(desk, id, { venue_id: leeds.id });
    expect(without.statusCode).toBe(409);
    expect(await rowsOf(id)).toEqual([]);
    // The longest reason allowed is kept whole.
    const longest = await confirm(desk, id, {
      venue_id: leeds.id,
      override_reason: 'y'.repeat(CHECK_IN_OVERRIDE_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('an override reason for a member the desk lets in is not an override', async () => {
    const { customer } = await memberWith();
    const res = await confirm(await asDesk(), customer.id, {
      venue_id: leeds.id,
      override_reason: 'Just in case',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ allowed: true, override_reason: null });
    expect(await auditOf('customer.check_in', res.json().data.id)).toHaveLength(1);
  });
});

describe('check-in scope', () => {
  it('a front desk outside its venues gets 404 for the preview and the check-in, override or not', async () => {
    const { customer } = await memberWith();
    const desk = await asDesk();
    const seen = await preview(desk, customer.id, york.id);
    expect(seen.statusCode).toBe(404);
    expect(seen.json().message).toBe(DESK_TEXTS.venueNotFound);
    const res = await confirm(desk, customer.id, { venue_id: york.id, override_reason: 'Visiting' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DESK_TEXTS.venueNotFound);
    const nobody = await preview(desk, 999_999, leeds.id);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(DESK_TEXTS.customerNotFound);
    expect(await rowsOf(customer.id)).toEqual([]);
    // An administrator works everywhere.
    expect((await preview(await asAdmin(), customer.id, york.id)).json().data).toMatchObject({
      allowed: true,
    });
  });
});
