// Scheduled changes that expire or remind: waitlist entries, guest passes, eligibility documents; several processes.
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  eligibilityDocuments,
  guestPasses,
  mailOutbox,
  memberships,
  waitlistEntries,
} from '../src/db/schema.ts';
import {
  expireGuestPasses,
  expireWaitlistEntries,
  remindExpiringDocuments,
  startMemberships,
} from '../src/services/scheduled-changes/index.ts';
import {
  createCustomer,
  createEligibilityCriterion,
  createGuestPass,
  createGuestPassPackage,
  createMembershipType,
  createPaymentOption,
  createSession,
  createWaitlistEntry,
  login,
} from './helper.ts';
import { scheduledChangesTestbed } from './scheduled-changes.fixtures.ts';

// Why each test runs a change just before and at a venue's midnight: scheduled-changes.fixtures.ts.

const { t, client, venue, deps, membershipOf, state } = await scheduledChangesTestbed();

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
        '',
        'The Student ID card you uploaded for your Student Gym membership expires in 30 days, on 29 April 2026.',
        '',
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
