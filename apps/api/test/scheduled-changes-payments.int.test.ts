// Scheduled changes of payments: next payment dates, direct-debit collections, and the changes on the job engine.
import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { directDebitPayments, freezeRequests } from '../src/db/schema.ts';
import { SandboxDirectDebitProvider } from '../src/services/direct-debit/sandbox-provider.ts';
import {
  advancePaymentDates,
  collectDuePayments,
  SCHEDULED_CHANGES,
  type ScheduledChangeDeps,
} from '../src/services/scheduled-changes/index.ts';
import { createCustomer, createFreezeType, createMandate } from './helper.ts';
import { quiet, scheduledChangesTestbed } from './scheduled-changes.fixtures.ts';

// Why each test runs a change just before and at a venue's midnight: scheduled-changes.fixtures.ts.

const { t, client, deps, typeWithOption, membershipOf, membershipRows, state } =
  await scheduledChangesTestbed();

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

  /** Monthly members due on 1 February 2027, each on an active mandate of their own. */
  async function dueMembers(count: number) {
    const gym = await typeWithOption('Gym Monthly');
    const members = [];
    for (let i = 0; i < count; i++) {
      const customer = await createCustomer(t.db, { clientId: client.id });
      const mandate = await createMandate(t.db, { customerId: customer.id, status: 'active' });
      members.push(
        await membershipOf(customer.id, gym, {
          status: 'active',
          price: 3000,
          nextPaymentDate: '2027-02-01',
          mandateId: mandate.id,
        }),
      );
    }
    return members;
  }

  it('two processes collecting at once (a retried run beside a slow one) record one payment per membership', async () => {
    const members = await dueMembers(3);
    // Each process has its own sandbox provider, as two servers would.
    const [one, two] = [new SandboxDirectDebitProvider(), new SandboxDirectDebitProvider()];
    await Promise.all([
      collectDuePayments(withProvider('2027-01-28T09:00:00Z', one), { batchSize: 2 }),
      collectDuePayments(withProvider('2027-01-28T09:00:00Z', two), { batchSize: 2 }),
    ]);
    for (const member of members)
      expect(await paymentsOf(member.id)).toEqual([{ amount: 3000, chargeDate: '2027-02-01' }]);
  });

  it('in batches: a run stopped part-way, then run again, asks each collection once it was recorded', async () => {
    const members = await dueMembers(5);
    const keys = members.map((m) => `membership-${m.id}-2027-02-01`);
    // The provider accepts the fourth collection, but its answer never reaches us (the process dies).
    const first = new SandboxDirectDebitProvider();
    const dying = {
      name: first.name,
      collect: async (request: Parameters<SandboxDirectDebitProvider['collect']>[0]) => {
        const result = await first.collect(request);
        if (request.idempotencyKey === keys[3]) throw new Error('socket hang up');
        return result;
      },
    };
    expect(await collectDuePayments(withProvider('2027-01-28T09:00:00Z', dying), { batchSize: 2 })).toEqual({
      asked: 4,
      failed: 1,
    });
    const restarted = new SandboxDirectDebitProvider();
    expect(
      await collectDuePayments(withProvider('2027-01-28T10:00:00Z', restarted), { batchSize: 2 }),
    ).toEqual({ asked: 1, failed: 0 });
    expect([...restarted.collections.keys()]).toEqual([keys[3]]);
    // The provider made one payment for that key, whichever process asked: the one recorded.
    expect(restarted.collections.get(keys[3]!)).toEqual(first.collections.get(keys[3]!));
    for (const member of members)
      expect(await paymentsOf(member.id)).toEqual([{ amount: 3000, chargeDate: '2027-02-01' }]);
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
