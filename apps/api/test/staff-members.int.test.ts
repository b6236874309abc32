import { INVALID_CREDENTIALS, MEMBER_TEXTS, PASSWORD_UPDATED } from '@fieldhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customerNotes, customers, passwordResets } from '../src/db/schema.ts';
import { createCustomer, csrfHeaders, login, outbox, registrationBody, sessionFrom } from './helper.ts';
import { staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, client, leeds, york, jamie, robin, asAdmin, asDesk, asYork, call, auditOf } =
  await staffDeskTestbed();

/** Everything the edit form sends, as Jamie's record holds it now, with `overrides`. */
async function formOf(customerId: number, overrides: Record<string, unknown> = {}) {
  const res = await call(await asAdmin(), 'GET', `/api/staff/members/${customerId}`);
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json().data;
  return {
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    phone: r.phone,
    date_of_birth: r.date_of_birth,
    address_line_one: r.address_line_one,
    address_line_two: r.address_line_two,
    town: r.town,
    postcode: r.postcode,
    emergency_contact_name: r.emergency_contact_name,
    emergency_contact_phone: r.emergency_contact_phone,
    medical_notes: r.medical_notes,
    marketing_opt_in: r.marketing_opt_in,
    ...overrides,
  };
}

const rowOf = async (customerId: number) =>
  (await t.db.select().from(customers).where(eq(customers.id, customerId)))[0]!;
const post = (url: string, payload: object, headers: object = csrfHeaders()) =>
  app.inject({ method: 'POST', url, headers: headers as Record<string, string>, payload });
const tokenFrom = (text: string) => /\/password-reset\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('staff edit a member’s record', () => {
  it('changes every field, each in the audit log with before and after', async () => {
    const edited = {
      first_name: 'Jamie-Lee',
      last_name: 'Patel Smith',
      email: 'jamie.new@example.test',
      phone: '+44 7700 900999',
      date_of_birth: '1990-02-28',
      address_line_one: '12 Otley Road',
      address_line_two: 'Headingley',
      town: 'Leeds',
      postcode: 'ls6 3aa',
      emergency_contact_name: 'Priya Patel',
      emergency_contact_phone: '0113 496 0000',
      medical_notes: 'Asthma: carries an inhaler.',
      marketing_opt_in: true,
    };
    const res = await call(await asDesk(), 'PUT', `/api/staff/members/${jamie.id}`, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...edited, postcode: 'LS6 3AA', home_venue: { id: leeds.id } });
    const row = await rowOf(jamie.id);
    expect(row).toMatchObject({
      firstName: 'Jamie-Lee',
      email: 'jamie.new@example.test',
      postcode: 'LS6 3AA',
    });

    const [entry] = await auditOf('customer.update', jamie.id);
    expect(entry!.actor).toBe('Dev Desk');
    expect(entry!.before).toEqual({
      first_name: 'Jamie',
      last_name: 'Patel',
      email: 'jamie.patel@example.test',
      phone: '07700 900123',
      date_of_birth: null,
      address_line_one: null,
      address_line_two: null,
      town: null,
      postcode: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
      medical_notes: null,
      marketing_opt_in: false,
    });
    expect(entry!.after).toEqual({ ...edited, postcode: 'LS6 3AA' });

    // Emptying optional fields stores nothing; an unchanged form writes no second entry.
    const emptied = await formOf(jamie.id, { address_line_two: '', medical_notes: '' });
    const again = await call(await asAdmin(), 'PUT', `/api/staff/members/${jamie.id}`, emptied);
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowOf(jamie.id)).medicalNotes).toBeNull();
    const same = await call(await asAdmin(), 'PUT', `/api/staff/members/${jamie.id}`, emptied);
    expect(same.statusCode).toBe(200);
    const entries = await auditOf('customer.update', jamie.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]!.before).toEqual({
      address_line_two: 'Headingley',
      medical_notes: 'Asthma: carries an inhaler.',
    });
    expect(entries[1]!.after).toEqual({ address_line_two: null, medical_notes: null });
  });

  it('refuses a member of a venue outside the staff member’s scope (404), reading included', async () => {
    const desk = await asDesk(); // Leeds front desk; Robin's home venue is York.
    const before = await rowOf(robin.id);
    const form = await formOf(robin.id, { first_name: 'Changed' });
    for (const [method, url, body] of [
      ['GET', `/api/staff/members/${robin.id}`, undefined],
      ['PUT', `/api/staff/members/${robin.id}`, form],
      ['POST', `/api/staff/members/${robin.id}/notes`, { body: 'A note' }],
      ['PUT', `/api/staff/members/${robin.id}/flags/photo_id_seen`, { is_set: true }],
      ['POST', `/api/staff/members/${robin.id}/invite`, undefined],
    ] as const) {
      const res = await call(desk, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await rowOf(robin.id)).toEqual(before);
    // York's manager serves Robin; a customer with no home venue is the administrators' only.
    expect((await call(await asYork(), 'PUT', `/api/staff/members/${robin.id}`, form)).statusCode).toBe(200);
    const online = await createCustomer(t.db, { clientId: client.id, email: 'nohome@example.test' });
    expect((await call(desk, 'GET', `/api/staff/members/${online.id}`)).statusCode).toBe(404);
    expect((await call(await asAdmin(), 'GET', `/api/staff/members/${online.id}`)).statusCode).toBe(200);
    // Another operator's customer does not exist here.
    expect((await call(await asAdmin(), 'GET', '/api/staff/members/999999')).statusCode).toBe(404);
  });

  it('refuses bad input with an error per field and changes nothing', async () => {
    const before = await rowOf(jamie.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', MEMBER_TEXTS.email],
      [{ postcode: 'ZZ99 9ZZZ' }, 'postcode', MEMBER_TEXTS.postcode],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', MEMBER_TEXTS.dateOfBirth],
      [{ date_of_birth: '2030-01-01' }, 'date_of_birth', MEMBER_TEXTS.dateOfBirthFuture],
      [{ first_name: ' ' }, 'first_name', MEMBER_TEXTS.firstNameRequired],
      [{ phone: 'call me' }, 'phone', MEMBER_TEXTS.phone],
      [{ email: '', phone: '' }, 'email', MEMBER_TEXTS.emailOrPhone],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(
        await asDesk(),
        'PUT',
        `/api/staff/members/${jamie.id}`,
        await formOf(jamie.id, change),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await rowOf(jamie.id)).toEqual(before);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(jamie.id)));
    expect(audits.filter((a) => a.action === 'customer.update')).toHaveLength(2); // the first test's two
  });

  it('refuses an email another account uses, unless staff say a family shares it', async () => {
    const form = await formOf(jamie.id, { email: 'ROBIN@example.test' });
    const res = await call(await asDesk(), 'PUT', `/api/staff/members/${jamie.id}`, form);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MEMBER_TEXTS.emailInUse('C-2002')]);
    expect((await rowOf(jamie.id)).email).toBe('jamie.new@example.test');

    const shared = await call(await asDesk(), 'PUT', `/api/staff/members/${jamie.id}`, {
      ...form,
      shared_email: true,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await rowOf(jamie.id)).email).toBe('robin@example.test');
    const [entry] = (await auditOf('customer.update', jamie.id)).slice(-1);
    expect(entry!.after).toMatchObject({ email: 'robin@example.test', shared_email: true });
    // Back to an address of Jamie's own (unchanged emails are never checked against others).
    const back = await call(
      await asDesk(),
      'PUT',
      `/api/staff/members/${jamie.id}`,
      await formOf(jamie.id, { email: 'jamie.new@example.test' }),
    );
    expect(back.statusCode).toBe(200);
  });

  it('keeps the member logged in across an email change, ends old links and mails the new address', async () => {
    const member = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      email: 'old.address@example.test',
      firstName: 'Sam',
      lastName: 'Moved',
    });
    const session = await login(app, member);
    await post('/api/auth/customer/forgotten-password', { email_or_reference: 'old.address@example.test' });
    await outbox(app);
    expect(
      await t.db.select().from(passwordResets).where(eq(passwordResets.customerId, member.id)),
    ).toHaveLength(1);

    const form = await formOf(member.id, { email: 'New.Address@example.test' });
    const res = await call(await asDesk(), 'PUT', `/api/staff/members/${member.id}`, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBe('new.address@example.test');
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('new.address@example.test');
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.customerId, member.id))).toEqual(
      [],
    );
    const [notice] = await outbox(app, 'old.address@example.test');
    expect(notice!.subject).toBe('Your email address has changed');
    expect(notice!.text).toContain('new.address@example.test');
    // Logging in with the new address works; a reset now goes to the new address.
    await login(app, { email: 'new.address@example.test', password: member.password });
    await post('/api/auth/customer/forgotten-password', { email_or_reference: 'new.address@example.test' });
    expect((await outbox(app, 'new.address@example.test')).map((m) => m.subject)).toContain(
      'Reset your password',
    );
  });

  it('keeps notes with author and time, and flags with who and when, audited', async () => {
    const note = await call(await asDesk(), 'POST', `/api/staff/members/${jamie.id}/notes`, {
      body: 'Prefers the early swim.',
    });
    expect(note.statusCode, note.body).toBe(201);
    await call(await asAdmin(), 'POST', `/api/staff/members/${jamie.id}/notes`, {
      body: 'Called about parking.',
    });
    const empty = await call(await asDesk(), 'POST', `/api/staff/members/${jamie.id}/notes`, { body: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual([MEMBER_TEXTS.noteRequired]);

    const flag = await call(await asDesk(), 'PUT', `/api/staff/members/${jamie.id}/flags/photo_id_seen`, {
      is_set: true,
    });
    expect(flag.statusCode, flag.body).toBe(200);
    const record = flag.json().data;
    expect(record.notes.map((n: { body: string; author: string }) => [n.body, n.author])).toEqual([
      ['Called about parking.', 'Ada Admin'],
      ['Prefers the early swim.', 'Dev Desk'],
    ]);
    expect(record.notes[0].created_at.pretty).toBe('24 Nov 2026 at 10:00');
    expect(record.flags).toEqual([
      {
        flag: 'photo_id_seen',
        label: 'Photo ID seen',
        is_set: true,
        set_by: 'Dev Desk',
        set_at: { raw: '2026-11-24T10:00:00.000Z', pretty: '24 Nov 2026 at 10:00' },
      },
      {
        flag: 'proof_of_address_seen',
        label: 'Proof of address seen',
        is_set: false,
        set_by: null,
        set_at: null,
      },
    ]);
    const cleared = await call(await asAdmin(), 'PUT', `/api/staff/members/${jamie.id}/flags/photo_id_seen`, {
      is_set: false,
    });
    expect(cleared.json().data.flags[0].is_set).toBe(false);
    expect((await auditOf('customer.note_add', jamie.id)).map((a) => a.after)).toEqual([
      { note_id: expect.any(Number), body: 'Prefers the early swim.' },
      { note_id: expect.any(Number), body: 'Called about parking.' },
    ]);
    const [cleared1] = await auditOf('customer.flag_clear', jamie.id);
    expect(cleared1!.before).toMatchObject({ flag: 'photo_id_seen', set_by: 'Dev Desk' });
    expect((await auditOf('customer.flag_set', jamie.id))[0]!.actor).toBe('Dev Desk');
    const unknown = await call(await asDesk(), 'PUT', `/api/staff/members/${jamie.id}/flags/vip`, {
      is_set: true,
    });
    expect(unknown.statusCode).toBe(422);
    expect(await t.db.select().from(customerNotes)).toHaveLength(2);
  });
});

describe('walk-in customers', () => {
  it('are made at the desk, invited, set a password and log in', async () => {
    const res = await call(await asDesk(), 'POST', '/api/staff/members', {
      first_name: 'Wendy',
      last_name: 'Walker',
      email: 'Wendy.Walker@example.test',
      home_venue_id: leeds.id,
      invite: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, reference, invited } = res.json().data;
    expect(invited).toBe(true);
    expect(reference).toMatch(/^FH\d{6}$/);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      email: 'wendy.walker@example.test',
      homeVenueId: leeds.id,
      source: 'front-of-house',
    });
    expect(row.createdByStaffId).not.toBeNull();
    expect((await auditOf('customer.create_walk_in', id))[0]!.after).toMatchObject({
      reference,
      first_name: 'Wendy',
    });
    expect(await auditOf('customer.invite', id)).toHaveLength(1);

    // The desk serves them at once: record, search, basket.
    const desk = await asDesk();
    const record = await call(desk, 'GET', `/api/staff/members/${id}`);
    expect(record.json().data).toMatchObject({ has_password: false, walk_in: { created_by: 'Dev Desk' } });
    const found = await call(desk, 'GET', '/api/staff/desk/customers?q=wendy');
    expect(found.json().data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await call(desk, 'GET', `/api/staff/desk/customers/${id}`)).statusCode).toBe(200);
    expect((await call(desk, 'GET', `/api/staff/desk/customers/${id}/basket`)).statusCode).toBe(200);

    // No password yet: nothing logs in.
    const early = await post('/api/auth/customer/login', {
      username: 'wendy.walker@example.test',
      password: '',
    });
    expect(early.statusCode).toBe(422);
    const guess = await post('/api/auth/customer/login', { username: reference, password: 'Anything1!' });
    expect(guess.json().message).toBe(INVALID_CREDENTIALS);

    const [mail] = await outbox(app, 'wendy.walker@example.test');
    expect(mail!.subject).toBe('Set your password for Test Leisure');
    expect(mail!.text).toContain(reference);
    const token = tokenFrom(mail!.text);
    const [link] = await t.db.select().from(passwordResets).where(eq(passwordResets.customerId, id));
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(7 * 24 * 3600_000);
    const set = await post('/api/auth/password-reset', {
      token,
      password: 'Walk1n-Pass!',
      password_confirmation: 'Walk1n-Pass!',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.message).toBe(PASSWORD_UPDATED);
    await login(app, { email: 'wendy.walker@example.test', password: 'Walk1n-Pass!' });
    await login(app, { username: reference, password: 'Walk1n-Pass!' });
    const after = await call(desk, 'GET', `/api/staff/members/${id}`);
    expect(after.json().data.has_password).toBe(true);
    const again = await call(desk, 'POST', `/api/staff/members/${id}/invite`);
    expect(again.statusCode).toBe(409);
  });

  it('need a name and an email or phone, at a venue of the staff member, and refuse a used email', async () => {
    const desk = await asDesk();
    const phoneOnly = await call(desk, 'POST', '/api/staff/members', {
      first_name: 'Pat',
      last_name: 'Phone',
      phone: '07700 900222',
      home_venue_id: leeds.id,
    });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(201);
    const noEmail = await call(desk, 'POST', `/api/staff/members/${phoneOnly.json().data.id}/invite`);
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().message).toBe(MEMBER_TEXTS.inviteNeedsEmail);

    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;
    const before = await count();
    const bad = [
      [
        { first_name: 'No', last_name: 'Contact', home_venue_id: leeds.id },
        'email',
        MEMBER_TEXTS.emailOrPhone,
      ],
      [
        { first_name: '', last_name: 'X', phone: '07700 900223', home_venue_id: leeds.id },
        'first_name',
        MEMBER_TEXTS.firstNameRequired,
      ],
      [
        { first_name: 'A', last_name: 'B', phone: '07700 900224', home_venue_id: york.id },
        'home_venue_id',
        'That venue is not one you work at',
      ],
      [
        { first_name: 'A', last_name: 'B', phone: '07700 900225', home_venue_id: leeds.id, invite: true },
        'invite',
        MEMBER_TEXTS.inviteNeedsEmail,
      ],
      [
        { first_name: 'A', last_name: 'B', email: 'robin@example.test', home_venue_id: leeds.id },
        'email',
        MEMBER_TEXTS.emailInUse('C-2002'),
      ],
    ] as const;
    for (const [body, field, message] of bad) {
      const res = await call(desk, 'POST', '/api/staff/members', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });

  it('are matched, not duplicated, when they register online, and cannot be taken over by knowing the email', async () => {
    const made = await call(await asDesk(), 'POST', '/api/staff/members', {
      first_name: 'Olly',
      last_name: 'Online',
      email: 'olly@example.test',
      home_venue_id: leeds.id,
    });
    const { id, reference } = made.json().data;
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(customers))[0]!.n;
    const before = await count();

    // Someone registers with Olly's email: no account is made, nobody is logged in, the password given does nothing.
    const res = await post(
      '/api/auth/customer/register?onboarding_type=customer_account_online',
      registrationBody(client.id, {
        email: 'OLLY@example.test',
        first_name: 'Mallory',
        password: 'Takeover1!',
        password_confirmation: 'Takeover1!',
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MEMBER_TEXTS.registrationClaimed]);
    expect(res.cookies.map((c) => c.name)).not.toContain('fh_session');
    expect(await count()).toBe(before);
    expect((await rowOf(id)).firstName).toBe('Olly');
    const takeover = await post('/api/auth/customer/login', {
      username: 'olly@example.test',
      password: 'Takeover1!',
    });
    expect(takeover.statusCode).toBe(422);

    // Only the mailbox's owner can claim the record: through the link mailed to it.
    const [mail] = await outbox(app, 'olly@example.test');
    expect(mail!.text).toContain(reference);
    const set = await post('/api/auth/password-reset', {
      token: tokenFrom(mail!.text),
      password: 'Olly-Owns-1!',
      password_confirmation: 'Olly-Owns-1!',
    });
    expect(set.statusCode).toBe(200);
    const session = await login(app, { email: 'olly@example.test', password: 'Olly-Owns-1!' });
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers });
    expect(me.json().data).toMatchObject({ id, reference });

    // Once it has a password, the email is an ordinary account's: registering again makes a separate (family)
    // account, as before, and leaves Olly's password alone.
    const family = await post(
      '/api/auth/customer/register?onboarding_type=customer_account_online',
      registrationBody(client.id, { email: 'olly@example.test', first_name: 'Molly' }),
    );
    expect(family.statusCode, family.body).toBe(201);
    expect(sessionFrom(family).token).toBeTruthy();
    expect(family.json().data.id).not.toBe(id);
    await login(app, { username: reference, password: 'Olly-Owns-1!' });
  });
});
