// Members' data duties (issue 36 item 6, decision 077): marketing withdrawal by a mail's signed link (RFC 8058),
// the retention policy, the address and emergency contact on My details, no invitation for an erased customer.
import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { auditLog, authSessions, consentChanges, customers, mailOutbox } from '../src/db/schema.ts';
import { deliverMail } from '../src/services/mail/delivery.ts';
import { queueMarketingMail } from '../src/services/mail/index.ts';
import type { MailMessage } from '../src/services/mail/sender.ts';
import { RETENTION_JOB, runRetention } from '../src/services/members-data/retention.ts';
import { createCustomer, createPenalty, login } from './helper.ts';
import { clock, staffDeskTestbed } from './staff-desk.fixtures.ts';

const { t, app, storage, client, leeds, jamie, robin, asAdmin, asDesk, call, auditOf } =
  await staffDeskTestbed();
const ORIGIN = 'https://account.example.test';
const silent = pino({ level: 'silent' });

async function marketingMailTo(customer: { id: number; email: string; marketingOptIn: boolean }) {
  const queued = await queueMarketingMail(t.db, {
    clientId: client.id,
    customer,
    origin: ORIGIN,
    kind: 'newsletter',
    subject: 'New classes this winter',
    text: 'Hello, new classes start in January.',
    html: '<p>Hello, new classes start in January.</p>',
  });
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, customer.email))
    .orderBy(mailOutbox.id);
  return { queued, mail };
}
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const unsubscribePost = (path: string, payload = 'List-Unsubscribe=One-Click') =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('marketing withdrawal by a signed link', () => {
  it('a marketing mail carries the link and the RFC 8058 headers; one click withdraws consent once, recorded', async () => {
    const member = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      email: 'keen.reader@example.test',
      marketingOptIn: true,
    });
    const { queued, mail } = await marketingMailTo(member);
    expect(queued).toBe(true);
    const url = mail!.headers!['List-Unsubscribe']!.replace(/^<|>$/g, '');
    expect(url).toMatch(/^https:\/\/account\.example\.test\/api\/mail\/unsubscribe\/\d+\.[\w-]+\.[\w-]{43}$/);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.textBody).toContain(url);
    expect(mail!.htmlBody).toContain(`href="${url}"`);

    // Delivery hands the headers to the mail server.
    const sent: MailMessage[] = [];
    await deliverMail(
      { db: t.db, sender: { send: async (m) => void sent.push(m) }, log: silent },
      {
        id: 'j1',
        name: 'mail-delivery',
        data: { mailId: mail!.id },
        attempt: 1,
        maxAttempts: 3,
        isLastAttempt: false,
      },
    );
    expect(sent[0]?.headers?.['List-Unsubscribe']).toBe(`<${url}>`);

    // Opening the link changes nothing (mail scanners open links): a page with one button.
    const path = new URL(url).pathname;
    const opened = await app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.body).toContain('<form method="post">');
    expect(opened.body).toContain(MEMBER_DATA_TEXTS.unsubscribeButton);
    const [still] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(still!.marketingOptIn).toBe(true);

    // The mail client's one-click POST: no login, no CSRF token.
    const clicked = await unsubscribePost(path);
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.body).toContain('You have been unsubscribed');
    const [after] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(after!.marketingOptIn).toBe(false);
    const changes = await t.db.select().from(consentChanges).where(eq(consentChanges.customerId, member.id));
    expect(changes).toEqual([
      expect.objectContaining({
        consent: 'marketing_email',
        granted: false,
        source: 'one_click',
        at: clock,
        linkId: tokenOf(url).split('.')[1],
      }),
    ]);

    // Once only: the same link again (POST or GET) is refused, nothing more recorded.
    expect((await unsubscribePost(path, '')).statusCode).toBe(410);
    const reopened = await app.inject({ method: 'GET', url: path });
    expect(reopened.statusCode).toBe(410);
    expect(reopened.body).toContain('already been used');
    expect(
      await t.db.select().from(consentChanges).where(eq(consentChanges.customerId, member.id)),
    ).toHaveLength(1);

    // No further marketing mail to them.
    await t.db.delete(mailOutbox).where(eq(mailOutbox.toAddress, member.email));
    expect((await marketingMailTo(after!)).queued).toBe(false);
  });

  it('the page button withdraws too (source mail_link); altered or made-up links are refused', async () => {
    const member = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      email: 'second.reader@example.test',
      marketingOptIn: true,
    });
    const other = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      email: 'bystander@example.test',
      marketingOptIn: true,
    });
    const { mail } = await marketingMailTo(member);
    const path = new URL(mail!.headers!['List-Unsubscribe']!.replace(/^<|>$/g, '')).pathname;
    const [customerId, linkId, signature] = tokenOf(path).split('.') as [string, string, string];
    const base = path.slice(0, path.lastIndexOf('/') + 1);
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const tampered = [
      `${other.id}.${linkId}.${signature}`, // another customer's id under this signature
      `${customerId}.${flip(linkId)}.${signature}`,
      `${customerId}.${linkId}.${flip(signature)}`,
      `${customerId}.${linkId}`,
      'not-a-token',
    ];
    for (const token of tampered) {
      const posted = await unsubscribePost(base + token);
      expect(posted.statusCode, token).toBe(400);
      expect(posted.body).toContain('not valid');
      expect((await app.inject({ method: 'GET', url: base + token })).statusCode).toBe(400);
    }
    const untouched = await t.db.select().from(customers).where(eq(customers.id, other.id));
    expect(untouched[0]!.marketingOptIn).toBe(true);
    expect(await t.db.select().from(consentChanges).where(eq(consentChanges.customerId, other.id))).toEqual(
      [],
    );

    // The page's button posts an empty form.
    const pressed = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pressed.statusCode, pressed.body).toBe(200);
    const [change] = await t.db.select().from(consentChanges).where(eq(consentChanges.customerId, member.id));
    expect(change).toMatchObject({ granted: false, source: 'mail_link' });
  });
});

describe('consent changed by staff', () => {
  it('is recorded with when, how and who', async () => {
    const member = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      firstName: 'Kit',
      lastName: 'Lane',
      email: 'kit.lane@example.test',
      marketingOptIn: true,
    });
    const res = await call(await asDesk(), 'PUT', `/api/staff/members/${member.id}`, {
      first_name: 'Kit',
      last_name: 'Lane',
      email: 'kit.lane@example.test',
      phone: '',
      marketing_opt_in: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(consentChanges).where(eq(consentChanges.customerId, member.id))).toEqual([
      expect.objectContaining({ granted: false, source: 'staff', at: clock, staffId: expect.any(Number) }),
    ]);
  });
});

describe('address and emergency contact on My details', () => {
  const dataFields = async (session: Awaited<ReturnType<typeof login>>) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/data-fields?onboarding_type=customer_account_online',
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      checksum: string;
      sections: {
        section_name: string;
        section_fields: { path: string; label: string; answer: unknown }[];
      }[];
    };
  };
  const save = (session: Awaited<ReturnType<typeof login>>, body: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/my-account/user/update?onboarding_type=customer_account_online',
      headers: session.headers,
      payload: body,
    });

  it('the member sees, saves and clears their address and emergency contact; the server checks them', async () => {
    const member = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      firstName: 'Alex',
      lastName: 'Mercer',
      email: 'alex.mercer@example.test',
    });
    const session = await login(app, member);
    const form = await dataFields(session);
    expect(form.sections.map((s) => s.section_name)).toEqual([
      'Personal details',
      'Contact details',
      'Address',
      'Emergency contact',
      'Preferences',
    ]);
    const labels = form.sections.flatMap((s) => s.section_fields.map((f) => f.label));
    expect(labels).toEqual(
      expect.arrayContaining([
        'Address line 1',
        'Address line 2',
        'Town or city',
        'Postcode',
        'Emergency contact name',
        'Emergency contact phone',
      ]),
    );
    const base = {
      checksum: form.checksum,
      first_name: 'Alex',
      last_name: 'Mercer',
      email: member.email,
      date_of_birth: '1990-04-02',
    };

    const bad = await save(session, {
      ...base,
      postcode: 'NOT A CODE',
      emergency_contact_phone: '12',
      emergency_contact_name: 'S'.repeat(101),
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors.postcode).toEqual([MEMBER_DATA_TEXTS.postcode]);
    expect(errors.emergency_contact_phone).toEqual([MEMBER_DATA_TEXTS.phone]);
    expect(errors.emergency_contact_name).toEqual([
      'Emergency contact name may not be greater than 100 characters.',
    ]);

    const saved = await save(session, {
      ...base,
      address_line_one: '12 Hyde Park Road',
      town: 'Leeds',
      postcode: 'ls6 1aa',
      emergency_contact_name: 'Sam Mercer',
      emergency_contact_phone: '0113 496 0000',
      marketing_opt_in: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(row).toMatchObject({
      addressLine1: '12 Hyde Park Road',
      addressLine2: null,
      town: 'Leeds',
      postcode: 'LS6 1AA',
      emergencyContactName: 'Sam Mercer',
      emergencyContactPhone: '0113 496 0000',
      marketingOptIn: true,
    });
    // The opt-in is recorded with when and how.
    expect(await t.db.select().from(consentChanges).where(eq(consentChanges.customerId, member.id))).toEqual([
      expect.objectContaining({ granted: true, source: 'my_details', at: clock }),
    ]);
    // What staff see on the record is what the member saved.
    const record = await call(await asDesk(), 'GET', `/api/staff/members/${member.id}`);
    expect(record.json().data).toMatchObject({ postcode: 'LS6 1AA', emergency_contact_name: 'Sam Mercer' });

    const again = await dataFields(session);
    const answers = Object.fromEntries(
      again.sections.flatMap((s) => s.section_fields.map((f) => [f.path, f.answer])),
    );
    expect(answers).toMatchObject({ address_line_one: '12 Hyde Park Road', postcode: 'LS6 1AA' });

    // Left empty: cleared (the form leaves empty fields out).
    const cleared = await save(session, { ...base, marketing_opt_in: true });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const [after] = await t.db.select().from(customers).where(eq(customers.id, member.id));
    expect(after).toMatchObject({ addressLine1: null, postcode: null, emergencyContactName: null });
  });
});

describe('invitations', () => {
  it('staff cannot invite an erased customer', async () => {
    const walkIn = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      email: 'walk.in@example.test',
      password: 'irrelevant-pass-1',
      reference: 'C-3003',
    });
    await t.db.update(customers).set({ passwordHash: '' }).where(eq(customers.id, walkIn.id));
    const erased = await call(await asAdmin(), 'POST', `/api/staff/members/${walkIn.id}/erase`, {
      confirmation: 'C-3003',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const invited = await call(await asDesk(), 'POST', `/api/staff/members/${walkIn.id}/invite`);
    expect(invited.statusCode, invited.body).toBe(409);
    expect(invited.json()).toMatchObject({ message: MEMBER_DATA_TEXTS.inviteErased, code: 'erased' });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'account_invite'))).toEqual([]);
  });
});

describe('retention', () => {
  it('anonymises an account inactive for the policy years; skips active and owing ones; audited', async () => {
    const longAgo = new Date('2019-03-01T09:00:00Z');
    const dormant = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      firstName: 'Dora',
      lastName: 'Mant',
      email: 'dora.mant@example.test',
      reference: 'C-4001',
      createdAt: longAgo,
    });
    const active = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      firstName: 'Ava',
      lastName: 'Tive',
      email: 'ava.tive@example.test',
      reference: 'C-4002',
      createdAt: longAgo,
    });
    await t.db.insert(authSessions).values({
      customerId: active.id,
      tokenHash: 'retention-test-login',
      createdAt: new Date('2025-05-01T09:00:00Z'),
      expiresAt: new Date('2025-06-01T09:00:00Z'),
    });
    const owing = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      firstName: 'Owen',
      lastName: 'Ing',
      email: 'owen.ing@example.test',
      reference: 'C-4003',
      createdAt: longAgo,
    });
    await createPenalty(t.db, {
      customerId: owing.id,
      venueId: leeds.id,
      status: 'unpaid',
      createdAt: new Date('2019-04-01T09:00:00Z'),
    });

    const deps = { db: t.db, storage, log: silent, now: () => clock };
    expect(await runRetention(deps, { clientId: client.id, inactiveYears: 0, batchSize: 1 })).toBeNull();
    const result = await runRetention(deps, { clientId: client.id, inactiveYears: 6, batchSize: 1 });
    expect(result).toEqual({ cutoff: '2020-11-24T10:00:00.000Z', considered: 2, erased: 1, skipped: 1 });

    const rows = await t.db.select().from(customers);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(dormant.id)).toMatchObject({
      firstName: 'Erased',
      lastName: 'customer',
      email: `erased-${dormant.id}@erased.invalid`,
      reference: 'C-4001',
    });
    for (const kept of [active, owing, jamie, robin])
      expect(byId.get(kept.id)!.email, String(kept.id)).toBe(kept.email);

    const [erasure] = await auditOf('customer.erase', dormant.id);
    expect(erasure).toMatchObject({ staffId: null, actor: 'Retention policy' });
    const runs = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.run')));
    expect(runs).toHaveLength(2 - 1);
    expect(runs[0]!.after).toMatchObject({ inactive_years: 6, erased: 1, skipped: 1 });

    // The next night: the erased account is not read again; the owing one still skipped.
    const next = await runRetention(deps, { clientId: client.id, inactiveYears: 6, batchSize: 200 });
    expect(next).toMatchObject({ considered: 1, erased: 0, skipped: 1 });
  });

  it('runs as a job on the engine when RETENTION_INACTIVE_YEARS is set, and not at all when it is not', async () => {
    const off = await t.buildTestApp(
      {},
      { now: () => clock, storage, jobs: { start: true, workers: false } },
    );
    // Off: the job type is not even registered (its queue does not exist).
    await expect(off.jobs.findJobs(RETENTION_JOB)).rejects.toThrow(/does not exist/);
    await off.close();

    const sleeper = await createCustomer(t.db, {
      clientId: client.id,
      homeVenueId: leeds.id,
      email: 'long.gone@example.test',
      reference: 'C-4004',
      createdAt: new Date('2018-01-10T09:00:00Z'),
    });
    const on = await t.buildTestApp(
      { retention: { inactiveYears: 6, batchSize: 50 } },
      { now: () => clock, storage, jobs: { start: true, workers: false } },
    );
    await on.jobs.send(RETENTION_JOB, {});
    expect(await on.jobs.runDueJobs()).toBeGreaterThan(0);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, sleeper.id));
    expect(row!.email).toBe(`erased-${sleeper.id}@erased.invalid`);
    const runs = await t.db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'));
    expect(runs.at(-1)!.after).toMatchObject({ erased: 1 });
    await on.close();
  });
});
