import { PROFILE_TEXTS, waiverReply, waiversReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { venueDayMonthYear } from '../src/lib/venue-time.ts';
import { accountProfileTestbed, DAY } from './account-profile.fixtures.ts';
import { createActivity, createClient, createCustomer, createSession, login } from './helper.ts';

const { t, client, venues, app, call, createWaiver, signAs, signaturesOf } =
  await accountProfileTestbed('Leeds Central');
const [leeds] = venues;

const other = await createCustomer(t.db, { clientId: client.id });

describe('waivers', () => {
  it('opens one attendee of an enhanced waiver by name, and 404s a name never signed for', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const waiver = await createWaiver({ title: 'Family swim waiver', type: 'enhanced-pre-waiver' });
    await signAs(customer.id, waiver.id, {
      attendeeName: 'Sam Morgan',
      signedAt: new Date(Date.now() - 20 * DAY),
    });
    await signAs(customer.id, waiver.id, {
      attendeeName: 'Ruby Morgan',
      signedAt: new Date(Date.now() - 5 * DAY),
    });
    const open = async (attendee: string) =>
      call(who, 'GET', `/api/my-account/user/waivers/${waiver.id}?attendee=${encodeURIComponent(attendee)}`);
    const sam = await open('Sam Morgan');
    expect(sam.statusCode).toBe(200);
    expect(waiverReply.parse(sam.json()).data.attendee?.name).toBe('Sam Morgan');
    expect(waiverReply.parse((await open('Ruby Morgan')).json()).data.attendee?.name).toBe('Ruby Morgan');
    expect((await open('Someone Else')).statusCode).toBe(404);
  });

  it('lists signed waivers grouped per waiver, attendees of enhanced ones, leaves expired ones out', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    expect(waiversReply.parse((await call(who, 'GET', '/api/my-account/user/waivers')).json()).data).toEqual(
      [],
    );

    const pump = await createWaiver({
      title: 'Pump waiver',
      versions: ['<p>Version one</p><script>alert(1)</script>', '<p>Version two</p>'],
    });
    await signAs(customer.id, pump.id, { version: 1 });
    const swim = await createWaiver({
      title: 'Junior swim waiver',
      type: 'enhanced-pre-waiver',
      validForMonths: null,
    });
    const nameQuestion = { id: 1, label: 'Attendee name', type: 'text', reference: 'attendee_name' };
    const medical = { id: 2, label: 'Medical conditions', type: 'text', reference: 'medical' };
    for (const name of ['Sam Morgan', 'Ruby Morgan']) {
      await signAs(customer.id, swim.id, {
        attendeeName: name,
        expiresAt: null,
        answers: [
          { question: nameQuestion, answers: [{ id: 1, answer: name }] },
          { question: medical, answers: [{ id: 2, answer: 'None' }] },
        ],
      });
    }
    const climbing = await createWaiver({ title: 'Climbing waiver' });
    await signAs(customer.id, climbing.id, {
      signedAt: new Date(Date.now() - 400 * DAY),
      expiresAt: new Date(Date.now() - 35 * DAY),
    });

    const response = await call(who, 'GET', '/api/my-account/user/waivers');
    expect(response.statusCode).toBe(200);
    const list = waiversReply.parse(response.json()).data;
    expect(list.map((e) => e.restriction.name)).toEqual(['Junior swim', 'Pump']);
    const [swimEntry, pumpEntry] = list;
    expect(pumpEntry!.restriction).toEqual({ id: pump.id, name: 'Pump', type: 'simple' });
    expect(pumpEntry!.waivers).toHaveLength(1);
    expect(pumpEntry!.waivers[0]).toMatchObject({ id: pump.id, attendee: null, expired: false });
    expect(pumpEntry!.waivers[0]!.signed).not.toBeNull();
    expect(pumpEntry!.waivers[0]!.expires?.date.full_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(pumpEntry!.waivers[0]!.terms).toBe('<p>Version one</p>');
    expect(swimEntry!.restriction.type).toBe('enhanced-pre-waiver');
    expect(swimEntry!.waivers.map((w) => w.attendee).sort()).toEqual(['Ruby Morgan', 'Sam Morgan']);
    expect(swimEntry!.waivers[0]!.expires).toBeNull();
    expect(swimEntry!.waivers[0]!.questions).toHaveLength(2);

    // The waiver page: the latest version, sanitised; only version 1 signed, so it offers version 2.
    const page = waiverReply.parse(
      (await call(who, 'GET', `/api/my-account/user/waivers/${pump.id}`)).json(),
    ).data;
    expect(page).toMatchObject({
      id: pump.id,
      type: 'simple',
      title: 'Pump waiver',
      body: '<p>Version two</p>',
      version: 2,
      signed_on: null,
      expired: false,
      attendee: null,
    });
    const swimPage = waiverReply.parse(
      (await call(who, 'GET', `/api/my-account/user/waivers/${swim.id}`)).json(),
    ).data;
    expect(swimPage.attendee).toMatchObject({ expires: null });
    expect(['Sam Morgan', 'Ruby Morgan']).toContain(swimPage.attendee!.name);
    expect(swimPage.attendee!.questions.map((q) => q.question.reference)).toEqual(['medical']);
    // The expired one: 'This waiver has expired'.
    const climbingPage = waiverReply.parse(
      (await call(who, 'GET', `/api/my-account/user/waivers/${climbing.id}`)).json(),
    ).data;
    expect(climbingPage).toMatchObject({ expired: true, signed_on: null });
  });

  it('signs the latest version, recording who, which version and when; signing again changes nothing', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id, firstName: 'Jo', lastName: 'Bloggs' });
    const who = await login(app, customer);
    const pump = await createWaiver({ title: 'Spin waiver', versions: ['<p>One</p>', '<p>Two</p>'] });
    await signAs(customer.id, pump.id, { version: 1 });
    const before = Date.now();
    const response = await call(who, 'POST', `/api/my-account/user/waivers/${pump.id}/sign`);
    expect(response.statusCode, response.body).toBe(200);
    const signed = waiverReply.parse(response.json()).data;
    expect(signed.signed_on).toBe(venueDayMonthYear(new Date()));
    expect(signed.version).toBe(2);
    const rows = (await signaturesOf(customer.id, pump.id)).sort((a, b) => a.version - b.version);
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    const latest = rows[1]!;
    expect(latest.signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(latest.signedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(latest.expiresAt!.getTime() - latest.signedAt.getTime()).toBeGreaterThan(360 * DAY);
    expect(latest.attendeeName).toBeNull();

    const again = await call(who, 'POST', `/api/my-account/user/waivers/${pump.id}/sign`);
    expect(again.statusCode).toBe(200);
    expect(await signaturesOf(customer.id, pump.id)).toHaveLength(2);

    // An enhanced pre-waiver signed here is signed for the caller as the attendee.
    const junior = await createWaiver({ title: 'Kids waiver', type: 'enhanced-pre-waiver' });
    const activity = await createActivity(t.db, {
      venueId: leeds.id,
      waiverId: junior.id,
      requiresWaiver: true,
    });
    const kids = await createSession(t.db, {
      venueId: leeds.id,
      startsAt: new Date(Date.now() + 2 * DAY),
      activityId: activity.id,
    });
    expect(
      (await call(who, 'POST', '/api/cart/add', { items: [{ id: kids.session.id, type: 'activity' }] }))
        .statusCode,
    ).toBe(200);
    const juniorSigned = waiverReply.parse(
      (await call(who, 'POST', `/api/my-account/user/waivers/${junior.id}/sign`)).json(),
    ).data;
    expect(juniorSigned.attendee).toMatchObject({ name: 'Jo Bloggs', questions: [] });
    const [juniorRow] = await signaturesOf(customer.id, junior.id);
    expect(juniorRow).toMatchObject({ version: 1, attendeeName: 'Jo Bloggs' });
    expect(juniorRow!.answers[0]!.question.reference).toBe('attendee_name');
  });

  it("never shows or signs another customer's or another client's waiver (404)", async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const private_ = await createWaiver({ title: 'Sauna waiver' });
    await signAs(other.id, private_.id, { attendeeName: undefined });
    const elsewhere = await createClient(t.db);
    const foreign = await createWaiver({ clientId: elsewhere.id, title: 'Foreign waiver' });

    for (const id of [private_.id, foreign.id, 999_999]) {
      const page = await call(who, 'GET', `/api/my-account/user/waivers/${id}`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ message: PROFILE_TEXTS.waiverNotFound });
      expect((await call(who, 'POST', `/api/my-account/user/waivers/${id}/sign`)).statusCode).toBe(404);
    }
    expect(await signaturesOf(customer.id, private_.id)).toHaveLength(0);
    const list = waiversReply.parse((await call(who, 'GET', '/api/my-account/user/waivers')).json()).data;
    expect(list).toEqual([]);
    expect((await call(who, 'GET', '/api/my-account/user/waivers/abc')).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/my-account/user/waivers' })).statusCode).toBe(401);
  });
});
