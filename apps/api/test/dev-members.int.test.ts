import { accountMembershipsReply, devMemberReply, penaltiesReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { csrfHeaders, login, type Session, setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
await seedDemo(t.db, { now: new Date() });
const app = await t.buildTestApp();

const newMember = async (kind: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/dev/members',
    headers: csrfHeaders(),
    payload: { kind },
  });
  expect(response.statusCode, response.body).toBe(201);
  const member = devMemberReply.parse(response.json()).data;
  return { member, session: await login(app, { username: member.email, password: member.password }) };
};
const get = async (session: Session, url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('POST /api/dev/members (demo mode): a fresh member of the demo operator for each browser test', () => {
  it('makes a member to manage memberships: five of them, a No-show fee, a class pass; a new one each call', async () => {
    const { member, session } = await newMember('management');
    expect(member.password).toBe(DEMO_PASSWORD);
    const memberships = accountMembershipsReply.parse(
      await get(session, '/api/my-account/user/memberships'),
    ).data;
    expect(memberships.map((m) => m.membership_type.name).sort()).toEqual(
      ['12 Month Saver', 'Gym & Swim', 'Off-Peak', 'Student', 'Swim Only'].sort(),
    );
    const fees = penaltiesReply.parse(await get(session, '/api/user/penalties')).data;
    expect(fees.map((f) => f.fee_amount.raw)).toEqual([300]);
    const packages = (await get(session, '/api/promotions/user/packages')).data as { name: string }[];
    expect(packages.map((p) => p.name)).toContain('10 Yoga Class Pass');

    const { member: second } = await newMember('management');
    expect(second.reference).not.toBe(member.reference);
    expect(second.email).not.toBe(member.email);
  });

  it('makes a member with a payments area: two unpaid fees (£8.00), credit and a saved Visa', async () => {
    const { session } = await newMember('payments');
    const fees = penaltiesReply.parse(await get(session, '/api/user/penalties')).data;
    expect(fees.reduce((sum, f) => sum + f.fee_amount.raw, 0)).toBe(800);
    const cards = (await get(session, '/api/my-account/saved-cards')).data as { last_four: string }[];
    expect(cards).toHaveLength(1);
  });

  it('makes a member like the demo customer: Gym & Swim by direct debit at the home venue, a saved card', async () => {
    const { session } = await newMember('demo');
    const memberships = accountMembershipsReply.parse(
      await get(session, '/api/my-account/user/memberships'),
    ).data;
    expect(memberships.map((m) => m.membership_type.name)).toEqual(['Gym & Swim']);
    expect((await get(session, '/api/my-account/saved-cards')).data).toHaveLength(1);
    expect(penaltiesReply.parse(await get(session, '/api/user/penalties')).data).toEqual([]);
  });

  it('makes a member for the front desk: a guest-pass bundle, and booked on the home venue’s first session today', async () => {
    const { member, session } = await newMember('desk');
    const allowances = (await get(session, `/api/v1/users/${member.id}/guestPasses/allowances`)).data as {
      uses_remaining: number;
    }[];
    expect(allowances.some((a) => a.uses_remaining > 0)).toBe(true);
    const past = (await get(session, '/api/bookings?filter=past')).data as {
      date: string;
      venue: { slug: string };
    }[];
    const future = (await get(session, '/api/bookings?filter=future')).data as typeof past;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const booked = [...past, ...future].filter((b) => b.date === today);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.venue.slug).toBe('john-charles-centre-for-sport');
  });

  it('does not exist outside demo mode', async () => {
    const production = await t.buildTestApp({ demoMode: false });
    const response = await production.inject({
      method: 'POST',
      url: '/api/dev/members',
      headers: csrfHeaders(),
      payload: { kind: 'demo' },
    });
    expect(response.statusCode).toBe(404);
  });
});
