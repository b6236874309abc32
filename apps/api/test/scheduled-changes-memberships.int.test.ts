// Scheduled changes of memberships: changes starting, freezes starting and ending, memberships ending.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freezeRequests, memberships } from '../src/db/schema.ts';
import { applyFreezes, endMemberships, startMemberships } from '../src/services/scheduled-changes/index.ts';
import { createCustomer, createFreezeType, createLoggedInCustomer } from './helper.ts';
import { scheduledChangesTestbed } from './scheduled-changes.fixtures.ts';

// Why each test runs a change just before and at a venue's midnight: scheduled-changes.fixtures.ts.

const { t, client, deps, typeWithOption, membershipOf, membershipRows, state } =
  await scheduledChangesTestbed();

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
