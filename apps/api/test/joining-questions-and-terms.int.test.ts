import { customQuestionsReply, dataFieldsReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { customQuestions, terms } from '../src/db/schema.ts';
import { createClient, createVenue, setupTestDatabase } from './helper.ts';
import { joiningFixtures, NOW } from './joining.fixtures.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp({}, { now: () => NOW });
const { gym, student, adult, adultSession, teenSession, get } = await joiningFixtures(t, client, home, app);

const qs = await t.db
  .insert(customQuestions)
  .values([
    {
      membershipTypeId: gym.id,
      reference: 'contact',
      label: 'Emergency contact name',
      type: 'text',
      isRequired: true,
    },
    {
      membershipTypeId: gym.id,
      reference: 'visits',
      label: 'Visits a week',
      type: 'number',
      defaultValue: '2',
    },
    {
      membershipTypeId: gym.id,
      reference: 'heard',
      label: 'How did you hear about us?',
      type: 'select',
      options: [
        { value: 'friend', label: 'A friend' },
        { value: 'leaflet', label: 'Leaflet' },
      ],
      isRequired: true,
    },
    {
      membershipTypeId: gym.id,
      reference: 'goals',
      label: 'Your goals',
      type: 'multi_select',
      options: [
        { value: 'fitness', label: 'Fitness' },
        { value: 'strength', label: 'Strength' },
      ],
    },
    { membershipTypeId: gym.id, reference: 'last', label: 'Last exercised', type: 'date', isRequired: true },
    { membershipTypeId: gym.id, reference: 'induction', label: 'Induction', type: 'checkbox', sortOrder: 9 },
    { membershipTypeId: student.id, reference: 'uni', label: 'University', type: 'text', isRequired: true },
  ])
  .returning();
const [contact, visits, heard, goals, last, induction, uni] = qs as [
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
];
const url = `/api/custom-questions/memberships/${gym.id}`;
const post = (headers: Record<string, string>, answers: Record<number, unknown>) =>
  app.inject({
    method: 'POST',
    url,
    headers,
    payload: {
      answers: Object.fromEntries(
        Object.entries(answers).map(([id, answer]) => [id, { question_id: Number(id), answer }]),
      ),
    },
  });
const valid = {
  [contact.id]: 'Sam Smith',
  [visits.id]: '3',
  [heard.id]: 'friend',
  [goals.id]: ['fitness', 'strength'],
  [last.id]: '2025-01-31',
  [induction.id]: true,
};

describe('GET/POST /api/custom-questions/memberships/:id', () => {
  it("lists a membership type's questions of every type, anonymous callers without answers", async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const data = customQuestionsReply.parse(res.json()).data;
    expect(data.map((q) => q.type)).toEqual(['text', 'number', 'select', 'multi_select', 'date', 'checkbox']);
    expect(data[1]).toMatchObject({ reference: 'visits', is_required: false, default: '2', answer: null });
    expect(data[2]!.options).toEqual([
      { value: 'friend', label: 'A friend' },
      { value: 'leaflet', label: 'Leaflet' },
    ]);
    expect((await get('/api/custom-questions/memberships/999999')).statusCode).toBe(404);
  });

  it('needs a login to answer', async () => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: 'fh_csrf=test-csrf-token', 'x-csrf-token': 'test-csrf-token' },
      payload: { answers: {} },
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 422 '{label} is required.' and 'Date must be valid.' and saves nothing", async () => {
    const res = await post(adultSession.headers, {
      [contact.id]: '  ',
      [last.id]: '2025-02-30',
      [visits.id]: 'lots',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`answers.${contact.id}`]: ['Emergency contact name is required.'],
      [`answers.${visits.id}`]: ['Visits a week must be a number.'],
      [`answers.${heard.id}`]: ['How did you hear about us? is required.'],
      [`answers.${last.id}`]: ['Date must be valid.'],
    });
    const bad = await post(adultSession.headers, { ...valid, [heard.id]: 'billboard', [uni.id]: 'Leeds' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      [`answers.${heard.id}`, `answers.${uni.id}`].sort(),
    );
    const stored = customQuestionsReply.parse((await get(url, adultSession.headers)).json()).data;
    expect(stored.every((q) => q.answer === null)).toBe(true);
  });

  it('stores answers per customer: each caller sees only their own', async () => {
    const res = await post(adultSession.headers, valid);
    expect(res.statusCode).toBe(200);
    const mine = customQuestionsReply.parse(res.json()).data;
    expect(Object.fromEntries(mine.map((q) => [q.reference, q.answer]))).toEqual({
      contact: 'Sam Smith',
      visits: 3,
      heard: 'friend',
      goals: ['fitness', 'strength'],
      last: '2025-01-31',
      induction: true,
    });
    // A second save replaces the answers.
    await post(adultSession.headers, { ...valid, [contact.id]: 'Alex Smith', [induction.id]: false });
    const again = customQuestionsReply.parse((await get(url, adultSession.headers)).json()).data;
    expect(again.find((q) => q.id === contact.id)!.answer).toBe('Alex Smith');
    expect(again.find((q) => q.id === induction.id)!.answer).toBe(false);
    // Another customer sees none of them.
    const theirs = customQuestionsReply.parse((await get(url, teenSession.headers)).json()).data;
    expect(theirs.every((q) => q.answer === null)).toBe(true);
  });
});

describe('GET /api/terms?kind=', () => {
  it('answers the joining terms of one kind, and still the checkout terms without a kind', async () => {
    await t.db.insert(terms).values([
      { clientId: client.id, kind: 'checkout', title: 'Booking terms', html: '<p>Book</p>' },
      { clientId: client.id, kind: 'direct_debit', title: 'Direct Debit Guarantee', html: '<p>DD</p>' },
      {
        clientId: client.id,
        kind: 'health_commitment',
        title: 'Health commitment',
        html: '<p>Healthy</p><img src=x onerror=alert(1)>',
      },
      { clientId: client.id, kind: 'membership', title: 'Membership terms', html: '<p>Member</p>' },
    ]);
    const titles = async (query: string) =>
      ((await get(`/api/terms${query}`)).json().data as { title: string; html: string }[]).map(
        (x) => x.title,
      );
    expect(await titles('')).toEqual(['Booking terms']);
    expect(await titles('?cart_id=1')).toEqual(['Booking terms']);
    expect(await titles('?kind=direct_debit')).toEqual(['Direct Debit Guarantee']);
    expect(await titles('?kind=membership')).toEqual(['Membership terms']);
    const health = (await get('/api/terms?kind=health_commitment')).json().data;
    expect(health[0].html).not.toContain('onerror');
    expect((await get('/api/terms?kind=nonsense')).statusCode).toBe(422);
  });
});

describe('GET /api/data-fields', () => {
  it('answers the sections and a checksum; a logged-in caller gets their values, date of birth locked', async () => {
    const anonymous = await get('/api/data-fields?onboarding_type=membership_purchase');
    expect(anonymous.statusCode).toBe(200);
    const form = dataFieldsReply.parse(anonymous.json()).data;
    expect(form.sections.map((x) => x.section_reference)).toEqual([
      'personal_details',
      'contact_details',
      'preferences',
    ]);
    expect(form.checksum).toMatch(/^[0-9a-f]{64}$/);
    const dob = form.sections[0]!.section_fields.find((f) => f.path === 'date_of_birth')!;
    expect(dob).toMatchObject({ type: 'date', answer: null, is_authorised: true, is_required: true });

    const mine = dataFieldsReply.parse(
      (await get('/api/data-fields?onboarding_type=membership_purchase', adultSession.headers)).json(),
    ).data;
    expect(mine.checksum).toBe(form.checksum);
    const fields = Object.fromEntries(mine.sections.flatMap((x) => x.section_fields).map((f) => [f.path, f]));
    expect(fields.email!.answer).toBe(adult.email);
    expect(fields.date_of_birth).toMatchObject({ answer: '1990-05-01', is_authorised: false });

    const account = dataFieldsReply.parse(
      (await get('/api/data-fields?onboarding_type=customer_account_online')).json(),
    );
    expect(account.data.checksum).not.toBe(form.checksum);
    expect((await get('/api/data-fields?onboarding_type=nonsense')).statusCode).toBe(422);
  });
});
