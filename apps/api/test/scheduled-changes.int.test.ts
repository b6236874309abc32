import { asc, eq, inArray } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import {
  directDebitPayments,
  eligibilityDocuments,
  freezeRequests,
  guestPasses,
  mailOutbox,
  memberships,
  waitlistEntries,
} from '../src/db/schema.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import {
  advancePaymentDates,
  applyFreezes,
  collectDuePayments,
  endMemberships,
  expireGuestPasses,
  expireWaitlistEntries,
  remindExpiringDocuments,
  SCHEDULED_CHANGES,
  type ScheduledChangeDeps,
  startMemberships,
} from '../src/services/scheduled-changes/index.ts';
import {
  createClient,
  createCustomer,
  createEligibilityCriterion,
  createFreezeType,
  createGuestPass,
  createGuestPassPackage,
  createLoggedInCustomer,
  createMandate,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createSession,
  createVenue,
  createWaitlistEntry,
  login,
  setupTestDatabase,
} from './helper.ts';

// The clocks in London go forward at 01:00Z on Sunday 29 March 2026 (GMT → BST) and back at 01:00Z on Sunday
// 25 October 2026 (BST → GMT). While BST is on, the venue's midnight is 23:00Z the evening before, so a day-based
// change that read the UTC date would be an hour late: each test runs a change at the last minute of the day before
// and at the venue's midnight, then once more to show the second run changes nothing.

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, timeZone: 'Europe/London' });

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as ScheduledChangeDeps['log'];
const deps = (iso: string, accountUrl: string | null = null): ScheduledChangeDeps => ({
  db: t.db,
  log: quiet,
  now: () => new Date(iso),
  accountUrl,
});

/** A monthly and a single-payment membership type of the client, named for what members see. */
async function typeWithOption(name: string, paymentType: 'recurring' | 'fixed' = 'recurring') {
  const type = await createMembershipType(t.db, { clientId: client.id, name });
  const option = await createPaymentOption(t.db, {
    membershipTypeId: type.id,
    paymentType,
    ...(paymentType === 'fixed' ? { name: 'Annual', fixedDuration: 1, fixedPeriod: 'year' as const } : {}),
  });
  return { type, option };
}

async function membershipOf(
  customerId: number,
  of: { type: { id: number }; option: { id: number } },
  values: Partial<typeof memberships.$inferInsert> = {},
) {
  return createMembership(t.db, {
    customerId,
    membershipTypeId: of.type.id,
    paymentOptionId: of.option.id,
    homeVenueId: venue.id,
    ...values,
  });
}

const membershipRows = (ids: number[]) =>
  t.db.select().from(memberships).where(inArray(memberships.id, ids)).orderBy(asc(memberships.id));
const state = async (ids: number[]) => {
  const rows = await membershipRows(ids);
  const info = await findStatusInfo(t.db, rows);
  return rows.map((m) => ({
    status: m.status,
    statusInfo: info.get(m.id) ?? null,
    expiresAt: m.expiresAt,
    nextPaymentDate: m.nextPaymentDate,
  }));
};

describe('membership changes take effect on their start date', () => {
  it('ends the old membership and starts the new one at the venue midnight after the March change; again: nothing', async () => {
    const gym = await typeWithOption('Gym');
    const swim = await typeWithOption('Gym & Swim');
    const app = await t.buildTestApp({}, { now: () => new Date('2026-03-30T09:00:00Z') });
    const { customer, session } = await createLoggedInCustomer(app, t.db, { clientId: client.id });
    // What a change made on 20 March to start on Monday 30 March leaves (memberships/membership-change.ts).
    const old = await membershipOf(customer.id, gym, {
      startDate: '2025-06-01',
      expiresAt: '2026-03-29',
    });
    const next = await membershipOf(customer.id, swim, {
      status: 'pending',
      startDate: '2026-03-30',
      nextPaymentDate: '2026-04-01',
      replacesMembershipId: old.id,
    });
    const before = [
      {
        status: 'active',
        statusInfo: 'Changing to Gym & Swim on 30 March 2026',
        expiresAt: '2026-03-29',
        nextPaymentDate: null,
      },
      { status: 'pending', statusInfo: null, expiresAt: null, nextPaymentDate: '2026-04-01' },
    ];
    const after = [
      {
        status: 'expired',
        statusInfo: 'Changed to Gym & Swim',
        expiresAt: '2026-03-29',
        nextPaymentDate: null,
      },
      { status: 'active', statusInfo: null, expiresAt: null, nextPaymentDate: '2026-04-01' },
    ];

    await startMemberships(deps('2026-03-29T22:59:00Z')); // 23:59 BST on Sunday 29 March
    expect(await state([old.id, next.id])).toEqual(before);
    await startMemberships(deps('2026-03-29T23:00:00Z')); // 00:00 BST on Monday 30 March
    expect(await state([old.id, next.id])).toEqual(after);
    const rows = await membershipRows([old.id, next.id]);
    await startMemberships(deps('2026-03-29T23:30:00Z'));
    expect(await membershipRows([old.id, next.id])).toEqual(rows);

    // What the member sees in their account on Monday 30 March.
    const response = await app.inject({
      method: 'GET',
      url: '/api/my-account/user/memberships',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    const listed = response.json().data as { id: number; status: string; status_info: string | null }[];
    expect(listed.map((m) => [m.id, m.status, m.status_info])).toEqual([
      [next.id, 'active', null],
      [old.id, 'expired', 'Changed to Gym & Swim'],
    ]);
  });

  it('does the same at the venue midnight before the October change, and starts a later-starting join', async () => {
    const gym = await typeWithOption('Gym');
    const swim = await typeWithOption('Gym & Swim');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const old = await membershipOf(customer.id, gym, {
      expiresAt: '2026-10-24',
    });
    const next = await membershipOf(customer.id, swim, {
      status: 'pending',
      startDate: '2026-10-25',
      replacesMembershipId: old.id,
    });
    const joined = await membershipOf(customer.id, gym, { status: 'pending', startDate: '2026-10-25' });
    // A change still waiting in the basket is not the member's yet: it never starts on its own.
    const unpaid = await membershipOf(customer.id, swim, {
      status: 'pending',
      awaitingPayment: true,
      startDate: '2026-10-25',
      replacesMembershipId: old.id,
    });
    const ids = [old.id, next.id, joined.id, unpaid.id];

    await startMemberships(deps('2026-10-24T22:59:00Z')); // 23:59 BST on Saturday 24 October
    expect((await state(ids)).map((m) => m.status)).toEqual(['active', 'pending', 'pending', 'pending']);
    await startMemberships(deps('2026-10-24T23:00:00Z')); // 00:00 BST on Sunday 25 October (UTC: still the 24th)
    expect((await state(ids)).map((m) => [m.status, m.statusInfo])).toEqual([
      ['expired', 'Changed to Gym & Swim'],
      ['active', null],
      ['active', null],
      ['pending', 'Awaiting payment'],
    ]);
    const rows = await membershipRows(ids);
    await startMemberships(deps('2026-10-25T12:00:00Z'));
    expect(await membershipRows(ids)).toEqual(rows);
  });
});

describe('approved freezes start and end on their dates', () => {
  async function freezeOf(
    membershipId: number,
    customerId: number,
    values: { activeFrom: string; months: number; status: 'approved' | 'pending_approval' },
  ) {
    const type = await createFreezeType(t.db, { clientId: client.id });
    const [row] = await t.db
      .insert(freezeRequests)
      .values({ customerId, membershipId, freezeTypeId: type.id, ...values })
      .returning();
    return row!;
  }
  const freezeRow = async (id: number) =>
    (await t.db.select().from(freezeRequests).where(eq(freezeRequests.id, id)))[0]!;

  it('freezes from the first day after the March change and unfreezes after the last; a pending request never starts', async () => {
    const gym = await typeWithOption('Gym');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const approved = await membershipOf(customer.id, gym);
    const waiting = await membershipOf(customer.id, gym);
    const freeze = await freezeOf(approved.id, customer.id, {
      activeFrom: '2026-03-30',
      months: 1,
      status: 'approved',
    });
    const pending = await freezeOf(waiting.id, customer.id, {
      activeFrom: '2026-03-30',
      months: 1,
      status: 'pending_approval',
    });
    const ids = [approved.id, waiting.id];
    const statuses = async () => (await state(ids)).map((m) => [m.status, m.statusInfo]);

    await applyFreezes(deps('2026-03-29T22:59:00Z')); // 23:59 BST on 29 March
    // Approved, not started yet: 'freeze pending' (status_info is derived from the freeze, as approving it showed).
    expect(await statuses()).toEqual([
      ['active', 'freeze pending'],
      ['active', 'freeze pending approval'],
    ]);
    await applyFreezes(deps('2026-03-29T23:00:00Z')); // 00:00 BST on 30 March: the first frozen day
    expect(await statuses()).toEqual([
      ['frozen', 'Frozen until 29 April 2026'],
      ['active', 'freeze pending approval'],
    ]);
    expect((await freezeRow(freeze.id)).startedAt).toEqual(new Date('2026-03-29T23:00:00Z'));
    const rows = await membershipRows(ids);
    await applyFreezes(deps('2026-03-30T10:00:00Z'));
    expect(await membershipRows(ids)).toEqual(rows);
    expect((await freezeRow(freeze.id)).startedAt).toEqual(new Date('2026-03-29T23:00:00Z'));

    await applyFreezes(deps('2026-04-29T22:59:00Z')); // 23:59 BST on 29 April: the last frozen day
    expect(await statuses()).toEqual([
      ['frozen', 'Frozen until 29 April 2026'],
      ['active', 'freeze pending approval'],
    ]);
    await applyFreezes(deps('2026-04-29T23:00:00Z')); // 00:00 BST on 30 April
    expect(await statuses()).toEqual([
      ['active', null],
      ['active', 'freeze pending approval'],
    ]);
    expect((await freezeRow(freeze.id)).endedAt).toEqual(new Date('2026-04-29T23:00:00Z'));
    expect(await freezeRow(pending.id)).toMatchObject({ startedAt: null, endedAt: null });

    // Once over, a freeze never comes back, even on a later run within its dates' reach.
    await applyFreezes(deps('2026-04-30T10:00:00Z'));
    expect(await statuses()).toEqual([
      ['active', null],
      ['active', 'freeze pending approval'],
    ]);
  });

  it('unfreezes at the venue midnight before the October change and does not freeze again one staff unfroze', async () => {
    const gym = await typeWithOption('Gym');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const frozen = await membershipOf(customer.id, gym);
    const unfrozenByHand = await membershipOf(customer.id, gym);
    const cancelled = await membershipOf(customer.id, gym, { status: 'cancelled', expiresAt: '2026-10-30' });
    // 25 September for a month: the last frozen day is Saturday 24 October.
    for (const m of [frozen, unfrozenByHand, cancelled])
      await freezeOf(m.id, customer.id, { activeFrom: '2026-09-25', months: 1, status: 'approved' });
    const ids = [frozen.id, unfrozenByHand.id, cancelled.id];

    await applyFreezes(deps('2026-09-24T23:00:00Z')); // 00:00 BST on 25 September
    expect((await state(ids)).map((m) => m.status)).toEqual(['frozen', 'frozen', 'cancelled']);
    await t.db.update(memberships).set({ status: 'active' }).where(eq(memberships.id, unfrozenByHand.id));
    await applyFreezes(deps('2026-10-01T12:00:00Z'));
    expect((await state(ids)).map((m) => m.status)).toEqual(['frozen', 'active', 'cancelled']);

    await applyFreezes(deps('2026-10-24T22:59:00Z')); // 23:59 BST on Saturday 24 October
    expect((await state(ids)).map((m) => [m.status, m.statusInfo])).toEqual([
      ['frozen', 'Frozen until 24 October 2026'],
      ['active', null],
      ['cancelled', null],
    ]);
    await applyFreezes(deps('2026-10-24T23:00:00Z')); // 00:00 BST on Sunday 25 October
    const after = [
      ['active', null],
      ['active', null],
      ['cancelled', null],
    ];
    expect((await state(ids)).map((m) => [m.status, m.statusInfo])).toEqual(after);
    await applyFreezes(deps('2026-10-25T12:00:00Z'));
    expect((await state(ids)).map((m) => [m.status, m.statusInfo])).toEqual(after);
  });
});

describe('memberships end after their final day', () => {
  it('expires a single-payment membership at the venue midnight after the March change; again: nothing', async () => {
    const annual = await typeWithOption('Annual Gym', 'fixed');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const ending = await membershipOf(customer.id, annual, {
      startDate: '2025-03-30',
      expiresAt: '2026-03-29',
    });
    const later = await membershipOf(customer.id, annual, {
      startDate: '2025-06-01',
      expiresAt: '2026-06-01',
    });
    const ids = [ending.id, later.id];

    await endMemberships(deps('2026-03-29T22:59:00Z')); // 23:59 BST on its final day
    expect((await state(ids)).map((m) => m.status)).toEqual(['active', 'active']);
    await endMemberships(deps('2026-03-29T23:00:00Z'));
    expect((await state(ids)).map((m) => m.status)).toEqual(['expired', 'active']);
    const rows = await membershipRows(ids);
    await endMemberships(deps('2026-03-30T12:00:00Z'));
    expect(await membershipRows(ids)).toEqual(rows);
  });

  it('a cancelled monthly membership collects nothing after its final day (October, 25-hour day)', async () => {
    const gym = await typeWithOption('Gym');
    const customer = await createCustomer(t.db, { clientId: client.id, billingDay: 25 });
    // Cancelled with notice: final day and final payment both Sunday 25 October (memberships/cancellation.ts).
    const cancelled = await membershipOf(customer.id, gym, {
      status: 'cancelled',
      expiresAt: '2026-10-25',
      nextPaymentDate: '2026-10-25',
    });
    // A membership replaced by a change is ended by the change's start instead (with 'Changed to …').
    const replaced = await membershipOf(customer.id, gym, {
      expiresAt: '2026-10-24',
    });
    await membershipOf(customer.id, gym, {
      status: 'pending',
      startDate: '2026-10-25',
      replacesMembershipId: replaced.id,
    });
    const ids = [cancelled.id, replaced.id];

    await endMemberships(deps('2026-10-25T23:59:00Z')); // 23:59 GMT on the final day
    expect(await state(ids)).toEqual([
      { status: 'cancelled', statusInfo: null, expiresAt: '2026-10-25', nextPaymentDate: '2026-10-25' },
      {
        status: 'active',
        statusInfo: 'Changing to Gym on 25 October 2026',
        expiresAt: '2026-10-24',
        nextPaymentDate: null,
      },
    ]);
    await endMemberships(deps('2026-10-26T00:00:00Z'));
    const after = [
      { status: 'cancelled', statusInfo: null, expiresAt: '2026-10-25', nextPaymentDate: null },
      {
        status: 'active',
        statusInfo: 'Changing to Gym on 25 October 2026',
        expiresAt: '2026-10-24',
        nextPaymentDate: null,
      },
    ];
    expect(await state(ids)).toEqual(after);
    await endMemberships(deps('2026-10-26T12:00:00Z'));
    expect(await state(ids)).toEqual(after);
  });
});

describe('waitlist entries expire when their session starts', () => {
  it('expires waiting entries at the session start on both clock-change days; again: nothing', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    // 07:00 BST on 29 March and 07:00 GMT on 25 October.
    const march = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2026-03-29T06:00:00Z'),
    });
    const october = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2026-10-25T07:00:00Z'),
    });
    const waiting = await createWaitlistEntry(t.db, { customerId: customer.id, sessionId: march.session.id });
    const left = await createWaitlistEntry(t.db, {
      customerId: customer.id,
      sessionId: march.session.id,
      status: 'left',
    });
    const later = await createWaitlistEntry(t.db, { customerId: customer.id, sessionId: october.session.id });
    const ids = [waiting.id, left.id, later.id];
    const entries = () =>
      t.db
        .select()
        .from(waitlistEntries)
        .where(inArray(waitlistEntries.id, ids))
        .orderBy(asc(waitlistEntries.id));
    const statuses = async () => (await entries()).map((e) => e.status);

    await expireWaitlistEntries(deps('2026-03-29T05:59:59Z'));
    expect(await statuses()).toEqual(['waiting', 'left', 'waiting']);
    await expireWaitlistEntries(deps('2026-03-29T06:00:00Z'));
    expect(await statuses()).toEqual(['expired', 'left', 'waiting']);
    const rows = await entries();
    expect(rows[0]!.updatedAt).toEqual(new Date('2026-03-29T06:00:00Z'));
    await expireWaitlistEntries(deps('2026-03-29T06:05:00Z'));
    expect(await entries()).toEqual(rows);

    await expireWaitlistEntries(deps('2026-10-25T06:59:59Z')); // 06:59 GMT (an hour after 07:00 BST)
    expect(await statuses()).toEqual(['expired', 'left', 'waiting']);
    await expireWaitlistEntries(deps('2026-10-25T07:00:00Z'));
    expect(await statuses()).toEqual(['expired', 'left', 'expired']);
  });
});

describe('guest passes expire past their validity', () => {
  it('stores an issued pass as expired once valid_to has passed; a redeemed one stays redeemed; again: nothing', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const pack = await createGuestPassPackage(t.db, { customerId: customer.id });
    const pass = (validTo: string, values: Partial<typeof guestPasses.$inferInsert> = {}) =>
      createGuestPass(t.db, {
        customerId: customer.id,
        venueId: venue.id,
        customerPackageId: pack.id,
        validTo: new Date(validTo),
        ...values,
      });
    // Valid to the end of Sunday 29 March (23:59:59 BST) and of Sunday 25 October (23:59:59 GMT).
    const march = await pass('2026-03-29T22:59:59Z');
    const redeemed = await pass('2026-03-29T22:59:59Z', {
      status: 'redeemed',
      redeemedAt: new Date('2026-03-28T10:00:00Z'),
    });
    const october = await pass('2026-10-25T23:59:59Z');
    const ids = [march.id, redeemed.id, october.id];
    const passes = () =>
      t.db.select().from(guestPasses).where(inArray(guestPasses.id, ids)).orderBy(asc(guestPasses.id));
    const statuses = async () => (await passes()).map((p) => p.status);

    await expireGuestPasses(deps('2026-03-29T22:59:58Z'));
    expect(await statuses()).toEqual(['issued', 'redeemed', 'issued']);
    await expireGuestPasses(deps('2026-03-29T22:59:59Z'));
    expect(await statuses()).toEqual(['expired', 'redeemed', 'issued']);
    await expireGuestPasses(deps('2026-10-25T23:59:58Z'));
    expect(await statuses()).toEqual(['expired', 'redeemed', 'issued']);
    await expireGuestPasses(deps('2026-10-25T23:59:59Z'));
    expect(await statuses()).toEqual(['expired', 'redeemed', 'expired']);
    const rows = await passes();
    await expireGuestPasses(deps('2026-10-26T12:00:00Z'));
    expect(await passes()).toEqual(rows);

    // What the member's list shows (newest first).
    const app = await t.buildTestApp({}, { now: () => new Date('2026-10-26T12:00:00Z') });
    const session = await login(app, customer);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/users/${customer.id}/guestPasses?page=1&per_page=10`,
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    const listed = response.json().data.guest_passes as { id: number; status: string }[];
    expect(listed.map((p) => [p.id, p.status])).toEqual([
      [october.id, 'expired'],
      [redeemed.id, 'redeemed'],
      [march.id, 'expired'],
    ]);
  });
});

describe('eligibility documents about to expire send the member one reminder', () => {
  async function studentMembership(email: string) {
    const { criterion, documentTypes } = await createEligibilityCriterion(t.db, {
      clientId: client.id,
      name: 'Full-time student',
      documentTypes: ['Student ID card'],
    });
    const type = await createMembershipType(t.db, {
      clientId: client.id,
      name: 'Student Gym',
      eligibilityCriterionId: criterion.id,
    });
    const option = await createPaymentOption(t.db, { membershipTypeId: type.id });
    const customer = await createCustomer(t.db, { clientId: client.id, email, firstName: 'Ann' });
    const membership = await membershipOf(customer.id, { type, option });
    const document = (values: Partial<typeof eligibilityDocuments.$inferInsert>) =>
      t.db
        .insert(eligibilityDocuments)
        .values({
          customerId: customer.id,
          membershipId: membership.id,
          criterionId: criterion.id,
          documentTypeId: documentTypes[0]!.id,
          storageKey: `documents/${customer.id}/${Math.random()}`,
          originalName: 'card.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 1000,
          status: 'approved',
          ...values,
        })
        .returning()
        .then((rows) => rows[0]!);
    return { customer, membership, document };
  }
  const mailTo = (email: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));

  it('mails once, 30 days before the expiry, from the venue midnight after the March change', async () => {
    const { document } = await studentMembership('ann.march@test.example');
    // Expires on Wednesday 29 April: 'due to expire' (30 days or fewer) from Monday 30 March.
    const doc = await document({ expiresOn: '2026-04-29' });
    const other = await studentMembership('pending.march@test.example');
    await other.document({ expiresOn: '2026-04-29', status: 'pending' });

    await remindExpiringDocuments(deps('2026-03-29T22:59:00Z', 'https://account.test')); // 31 days before
    expect(await mailTo('ann.march@test.example')).toHaveLength(0);
    await remindExpiringDocuments(deps('2026-03-29T23:00:00Z', 'https://account.test')); // 30 days before
    const [mail, ...more] = await mailTo('ann.march@test.example');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      kind: 'document_expiry_reminder',
      status: 'queued',
      subject: 'Your Student ID card expires in 30 days',
    });
    expect(mail!.textBody).toBe(
      [
        'Hello Ann,',
        '',
        'Document is due to expire. Please upload a new document.',
        'The Student ID card you uploaded for your Student Gym membership expires in 30 days, on 29 April 2026.',
        'Upload a new document here: https://account.test/memberships',
        '',
        'If you do not update this document your membership will become suspended and you will lose all access rights.',
        '',
        'Test Leisure',
      ].join('\n'),
    );
    const [marked] = await t.db
      .select()
      .from(eligibilityDocuments)
      .where(eq(eligibilityDocuments.id, doc.id));
    expect(marked!.expiryReminderSentAt).toEqual(new Date('2026-03-29T23:00:00Z'));

    await remindExpiringDocuments(deps('2026-03-30T09:00:00Z', 'https://account.test'));
    await remindExpiringDocuments(deps('2026-04-28T09:00:00Z', 'https://account.test'));
    expect(await mailTo('ann.march@test.example')).toHaveLength(1);
    expect(await mailTo('pending.march@test.example')).toHaveLength(0);
  });

  it('mails from the venue midnight before the October change; not for a replaced, expired or ended one', async () => {
    const ann = await studentMembership('ann.october@test.example');
    await ann.document({ expiresOn: '2026-11-24' }); // 30 days after Sunday 25 October
    const replaced = await studentMembership('replaced.october@test.example');
    await replaced.document({ expiresOn: '2026-11-01', createdAt: new Date('2026-09-01T10:00:00Z') });
    await replaced.document({
      expiresOn: null,
      status: 'pending',
      createdAt: new Date('2026-10-20T10:00:00Z'),
    });
    const expired = await studentMembership('expired.october@test.example');
    await expired.document({ expiresOn: '2026-10-20' });
    const ended = await studentMembership('ended.october@test.example');
    await ended.document({ expiresOn: '2026-11-01' });
    await t.db
      .update(memberships)
      .set({ status: 'cancelled' })
      .where(eq(memberships.id, ended.membership.id));

    await remindExpiringDocuments(deps('2026-10-24T22:59:00Z')); // 23:59 BST on 24 October: 31 days before
    expect(await mailTo('ann.october@test.example')).toHaveLength(0);
    await remindExpiringDocuments(deps('2026-10-24T23:00:00Z')); // 00:00 BST on 25 October
    await remindExpiringDocuments(deps('2026-10-25T09:00:00Z'));
    const mails = await mailTo('ann.october@test.example');
    expect(mails.map((m) => m.subject)).toEqual(['Your Student ID card expires in 30 days']);
    expect(mails[0]!.textBody).toContain(
      'Log in to your account and upload a new document under Memberships.',
    );
    for (const email of [
      'replaced.october@test.example',
      'expired.october@test.example',
      'ended.october@test.example',
    ])
      expect(await mailTo(email)).toHaveLength(0);
  });
});

describe('several processes running the changes at once', () => {
  it('mail a reminder once and start a membership once', async () => {
    const { criterion, documentTypes } = await createEligibilityCriterion(t.db, {
      clientId: client.id,
      name: 'Over 60',
      documentTypes: ['Passport'],
    });
    const type = await createMembershipType(t.db, {
      clientId: client.id,
      name: 'Senior Gym',
      eligibilityCriterionId: criterion.id,
    });
    const option = await createPaymentOption(t.db, { membershipTypeId: type.id });
    const customer = await createCustomer(t.db, { clientId: client.id, email: 'race@test.example' });
    const membership = await membershipOf(
      customer.id,
      { type, option },
      { status: 'pending', startDate: '2026-04-15' },
    );
    await t.db.insert(eligibilityDocuments).values({
      customerId: customer.id,
      membershipId: membership.id,
      criterionId: criterion.id,
      documentTypeId: documentTypes[0]!.id,
      storageKey: `documents/${customer.id}/passport`,
      originalName: 'passport.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1000,
      status: 'approved',
      expiresOn: '2026-05-10',
    });
    const at = deps('2026-04-15T09:00:00Z');
    await Promise.all([1, 2, 3].flatMap(() => [remindExpiringDocuments(at), startMemberships(at)]));
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'race@test.example'));
    expect(mails.map((m) => m.subject)).toEqual(['Your Passport expires in 25 days']);
    expect((await state([membership.id]))[0]!.status).toBe('active');
  });
});

describe('monthly members’ next payment dates move on after a payment date passes', () => {
  it('moves the date a month on from the venue midnight after the March change; again: nothing', async () => {
    const gym = await typeWithOption('Gym');
    const annual = await typeWithOption('Annual Gym', 'fixed');
    const customer = await createCustomer(t.db, { clientId: client.id, billingDay: 29 });
    const monthly = await membershipOf(customer.id, gym, { nextPaymentDate: '2026-03-29' });
    const frozen = await membershipOf(customer.id, gym, { status: 'frozen', nextPaymentDate: '2026-03-29' });
    const fixed = await membershipOf(customer.id, annual, { nextPaymentDate: '2026-03-29' });
    const unpaid = await membershipOf(customer.id, gym, {
      status: 'pending',
      awaitingPayment: true,
      nextPaymentDate: '2026-03-29',
    });
    const ids = [monthly.id, frozen.id, fixed.id, unpaid.id];
    const dates = async () => (await state(ids)).map((m) => m.nextPaymentDate);

    await advancePaymentDates(deps('2026-03-29T22:59:00Z')); // 23:59 BST on the payment date
    expect(await dates()).toEqual(['2026-03-29', '2026-03-29', '2026-03-29', '2026-03-29']);
    await advancePaymentDates(deps('2026-03-29T23:00:00Z')); // 00:00 BST the day after
    expect(await dates()).toEqual(['2026-04-29', '2026-04-29', '2026-03-29', '2026-03-29']);
    const rows = await membershipRows(ids);
    await advancePaymentDates(deps('2026-03-30T12:00:00Z'));
    expect(await membershipRows(ids)).toEqual(rows);
  });

  it('keeps the day by the month end, catches up missed months, and ends after a cancelled one’s final payment (October)', async () => {
    const gym = await typeWithOption('Gym');
    const customer = await createCustomer(t.db, { clientId: client.id, billingDay: 31 });
    const monthEnd = await membershipOf(customer.id, gym, { nextPaymentDate: '2026-08-31' });
    const behind = await membershipOf(customer.id, gym, { nextPaymentDate: '2026-07-24' });
    const cancelled = await membershipOf(customer.id, gym, {
      status: 'cancelled',
      expiresAt: '2026-11-10',
      nextPaymentDate: '2026-10-24',
    });
    const ids = [monthEnd.id, behind.id, cancelled.id];
    const dates = async () => (await state(ids)).map((m) => m.nextPaymentDate);

    await advancePaymentDates(deps('2026-10-24T22:59:00Z')); // 23:59 BST on Saturday 24 October
    // 31 Aug → 30 Sep → 31 Oct; 24 Jul → … → 24 Oct (today: still due).
    expect(await dates()).toEqual(['2026-10-31', '2026-10-24', '2026-10-24']);
    await advancePaymentDates(deps('2026-10-24T23:00:00Z')); // 00:00 BST on Sunday 25 October
    expect(await dates()).toEqual(['2026-10-31', '2026-11-24', null]);
    await advancePaymentDates(deps('2026-10-25T12:00:00Z'));
    expect(await dates()).toEqual(['2026-10-31', '2026-11-24', null]);
    await advancePaymentDates(deps('2026-11-01T00:00:00Z')); // 00:00 GMT on 1 November
    expect(await dates()).toEqual(['2026-11-30', '2026-11-24', null]);
  });
});

describe('monthly members’ direct-debit payments are asked for ahead of their payment date', () => {
  /** A provider that records what it was asked (one payment per idempotency key, as GoCardless keeps them). */
  function recordingProvider(failFor: Set<string> = new Set()) {
    const asked: { key: string; amount: number; chargeDate: string; description: string }[] = [];
    const made = new Map<string, { providerPaymentId: string; chargeDate: string }>();
    return {
      asked,
      provider: {
        name: 'sandbox',
        async collect(request: {
          idempotencyKey: string;
          amount: number;
          chargeDate: string;
          description: string;
        }) {
          if (failFor.has(request.idempotencyKey)) throw new Error('The provider is unavailable');
          asked.push({
            key: request.idempotencyKey,
            amount: request.amount,
            chargeDate: request.chargeDate,
            description: request.description,
          });
          const known = made.get(request.idempotencyKey);
          if (known) return known;
          const result = {
            providerPaymentId: `PM-${made.size + 1}-${request.idempotencyKey}`,
            chargeDate: request.chargeDate,
          };
          made.set(request.idempotencyKey, result);
          return result;
        },
      } as unknown as NonNullable<ScheduledChangeDeps['directDebit']>,
    };
  }
  const withProvider = (iso: string, provider: NonNullable<ScheduledChangeDeps['directDebit']>) => ({
    ...deps(iso),
    directDebit: provider,
  });
  const paymentsOf = (membershipId: number) =>
    t.db
      .select({ amount: directDebitPayments.amount, chargeDate: directDebitPayments.chargeDate })
      .from(directDebitPayments)
      .where(eq(directDebitPayments.membershipId, membershipId));

  it('asks once, seven London days ahead across the October change, for the price; a second run asks nothing', async () => {
    const swim = await typeWithOption('Swim Monthly');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const mandate = await createMandate(t.db, { customerId: customer.id, status: 'active' });
    const member = await membershipOf(customer.id, swim, {
      status: 'active',
      price: 3200,
      nextPaymentDate: '2026-11-01',
      mandateId: mandate.id,
    });
    const { asked, provider } = recordingProvider();
    // 23:59:59 BST on Saturday 24 October: eight days before.
    expect(await collectDuePayments(withProvider('2026-10-24T22:59:59Z', provider))).toEqual({
      asked: 0,
      failed: 0,
    });
    // 00:00 BST on Sunday 25 October (23:00Z the evening before): seven days before.
    expect(await collectDuePayments(withProvider('2026-10-24T23:00:00Z', provider))).toEqual({
      asked: 1,
      failed: 0,
    });
    expect(asked).toEqual([
      {
        key: `membership-${member.id}-2026-11-01`,
        amount: 3200,
        chargeDate: '2026-11-01',
        description: 'Swim Monthly monthly payment',
      },
    ]);
    expect(await paymentsOf(member.id)).toEqual([{ amount: 3200, chargeDate: '2026-11-01' }]);
    expect(await collectDuePayments(withProvider('2026-10-30T12:00:00Z', provider))).toEqual({
      asked: 0,
      failed: 0,
    });
    expect(asked).toHaveLength(1);
  });

  it('asks for the freeze fee while an approved freeze covers the date; nothing for a cancelled mandate or a fixed membership', async () => {
    const gym = await typeWithOption('Gym Monthly');
    const annual = await typeWithOption('Gym Annual', 'fixed');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const active = await createMandate(t.db, { customerId: customer.id, status: 'active' });
    const cancelled = await createMandate(t.db, { customerId: customer.id, status: 'cancelled' });
    const frozen = await membershipOf(customer.id, gym, {
      status: 'frozen',
      price: 4000,
      nextPaymentDate: '2026-12-01',
      mandateId: active.id,
    });
    const freezeType = await createFreezeType(t.db, { clientId: client.id, monthlyFee: 500 });
    await t.db.insert(freezeRequests).values({
      customerId: customer.id,
      membershipId: frozen.id,
      freezeTypeId: freezeType.id,
      activeFrom: '2026-11-15',
      months: 1,
      status: 'approved',
    });
    const lapsed = await membershipOf(customer.id, gym, {
      status: 'active',
      price: 4000,
      nextPaymentDate: '2026-12-01',
      mandateId: cancelled.id,
    });
    const fixed = await membershipOf(customer.id, annual, {
      status: 'active',
      price: 40000,
      nextPaymentDate: '2026-12-01',
      mandateId: active.id,
    });
    const { asked, provider } = recordingProvider();
    await collectDuePayments(withProvider('2026-11-26T12:00:00Z', provider));
    expect(asked).toEqual([
      expect.objectContaining({
        key: `membership-${frozen.id}-2026-12-01`,
        amount: 500,
        description: 'Gym Monthly freeze fee',
      }),
    ]);
    expect(await paymentsOf(lapsed.id)).toEqual([]);
    expect(await paymentsOf(fixed.id)).toEqual([]);
  });

  it('one collection the provider refuses is logged and asked again next run; the others are asked at once', async () => {
    const yoga = await typeWithOption('Yoga Monthly');
    const first = await createCustomer(t.db, { clientId: client.id });
    const second = await createCustomer(t.db, { clientId: client.id });
    const a = await membershipOf(first.id, yoga, {
      status: 'active',
      price: 2500,
      nextPaymentDate: '2027-01-01',
      mandateId: (await createMandate(t.db, { customerId: first.id, status: 'active' })).id,
    });
    const b = await membershipOf(second.id, yoga, {
      status: 'active',
      price: 2500,
      nextPaymentDate: '2027-01-01',
      mandateId: (await createMandate(t.db, { customerId: second.id, status: 'pending_submission' })).id,
    });
    const down = new Set([`membership-${a.id}-2027-01-01`]);
    const { asked, provider } = recordingProvider(down);
    const errors: unknown[] = [];
    const logged = { ...deps('2026-12-28T09:00:00Z'), directDebit: provider };
    logged.log = {
      ...quiet,
      error: (entry: unknown) => errors.push(entry),
    } as unknown as ScheduledChangeDeps['log'];
    expect(await collectDuePayments(logged)).toEqual({ asked: 1, failed: 1 });
    expect(asked.map((x) => x.key)).toEqual([`membership-${b.id}-2027-01-01`]);
    expect(errors).toEqual([
      expect.objectContaining({ membershipId: a.id, chargeDate: '2027-01-01', amount: 2500 }),
    ]);
    down.clear();
    expect(await collectDuePayments(withProvider('2026-12-28T10:00:00Z', provider))).toEqual({
      asked: 1,
      failed: 0,
    });
    expect(await paymentsOf(a.id)).toEqual([{ amount: 2500, chargeDate: '2027-01-01' }]);
    expect(await paymentsOf(b.id)).toEqual([{ amount: 2500, chargeDate: '2027-01-01' }]);
  });
});

describe('the scheduled changes on the job engine', () => {
  it('registers every change, queues one run of each at start-up (once across asks) and runs them', async () => {
    const clock = new TestClock(new Date('2026-10-24T23:00:00Z'));
    const app = await t.buildTestApp(
      {},
      {
        now: () => new Date('2026-10-24T23:00:00Z'),
        jobs: { start: true, clock, workers: false },
        scheduledChanges: { runAtStart: true },
      },
    );
    const gym = await typeWithOption('Gym');
    const customer = await createCustomer(t.db, { clientId: client.id });
    const joined = await membershipOf(customer.id, gym, { status: 'pending', startDate: '2026-10-25' });
    for (const change of SCHEDULED_CHANGES) expect(await app.jobs.findJobs(change.name)).toHaveLength(1);
    expect(await app.jobs.runDueJobs()).toBe(SCHEDULED_CHANGES.length);
    expect((await state([joined.id]))[0]!.status).toBe('active');
    await app.close();
  });
});
