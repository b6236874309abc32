import { and, eq, inArray } from 'drizzle-orm';
import { addMonthsToInstant } from '../lib/local-date.ts';
import type { Tx } from './client.ts';
import { createPackage } from './factories/packages.ts';
import {
  clients,
  customers,
  venues,
  type WaiverAnswer,
  type WaiverQuestionDefinition,
  waiverSignatures,
  waivers,
} from './schema.ts';

/**
 * Demo data for the account's packages and waivers (seeded after seedManagement, which creates the members
 * Dana Fox FH100009 and Eli Grant FH100010; they are skipped when absent). Idempotent: does nothing when the
 * client already has the Body Pump waiver.
 */

const DAY_MS = 86_400_000;

export const BODY_PUMP_WAIVER = {
  restrictionName: 'Body Pump',
  type: 'simple' as const,
  title: 'Body Pump participation waiver',
  validForMonths: 12,
  versions: [
    `<h3>Body Pump participation waiver</h3>
<p>Body Pump is a high-repetition barbell class. By signing you confirm that you are in good health and able to
take part in strenuous exercise, and that you will tell the instructor about any injury or medical condition.</p>`,
    `<h3>Body Pump participation waiver</h3>
<p>Body Pump is a high-repetition barbell class. By signing you confirm that you are in good health and able to
take part in strenuous exercise, and that you will tell the instructor about any injury or medical condition
before the class starts.</p>
<ul><li>Choose weights you can lift safely for the whole track.</li>
<li>Stop and tell the instructor if you feel pain, dizziness or shortness of breath.</li></ul>
<p>Fieldhouse Leisure is not liable for injury caused by ignoring the instructor's guidance.</p>`,
  ],
};

const JUNIOR_SWIM_QUESTIONS: WaiverQuestionDefinition[] = [
  { id: 1, label: 'Attendee name', type: 'text', reference: 'attendee_name' },
  { id: 2, label: 'Date of birth', type: 'date', reference: 'date_of_birth' },
  { id: 3, label: 'Can the attendee swim 10 metres unaided?', type: 'select', reference: 'swim_10m' },
  { id: 4, label: 'Medical conditions we should know about', type: 'text', reference: 'medical' },
];

export const JUNIOR_SWIM_WAIVER = {
  restrictionName: 'Junior swim lessons',
  type: 'enhanced-pre-waiver' as const,
  title: 'Junior swim lessons waiver',
  validForMonths: 12,
  body: `<h3>Junior swim lessons waiver</h3>
<p>I am the parent or guardian of the attendee named below. I confirm the answers given are correct and that the
attendee may take part in swimming lessons with Fieldhouse Leisure instructors.</p>`,
};

/** Signed long ago: its only signature has expired, so it is hidden from the waivers list. */
export const CLIMBING_WAIVER = {
  restrictionName: 'Climbing wall',
  type: 'simple' as const,
  title: 'Climbing wall induction waiver',
  validForMonths: 12,
  body: `<h3>Climbing wall induction waiver</h3>
<p>I have completed the climbing wall induction and will follow the wall's safety rules.</p>`,
};

const juniorAnswers = (attendee: string, dateOfBirth: string, medical: string): WaiverAnswer[] => [
  { question: JUNIOR_SWIM_QUESTIONS[0]!, answers: [{ id: 1, answer: attendee }] },
  { question: JUNIOR_SWIM_QUESTIONS[1]!, answers: [{ id: 2, answer: dateOfBirth }] },
  { question: JUNIOR_SWIM_QUESTIONS[2]!, answers: [{ id: 3, answer: 'Yes' }] },
  { question: JUNIOR_SWIM_QUESTIONS[3]!, answers: [{ id: 4, answer: medical }] },
];

const signature = (
  customerId: number,
  waiver: { id: number; validForMonths: number | null },
  version: number,
  signedAt: Date,
  extra: { attendeeName?: string; answers?: WaiverAnswer[] } = {},
) => ({
  customerId,
  waiverId: waiver.id,
  version,
  attendeeName: extra.attendeeName ?? null,
  answers: extra.answers ?? [],
  signedAt,
  expiresAt: waiver.validForMonths ? addMonthsToInstant(signedAt, waiver.validForMonths) : null,
});

export async function seedProfile(tx: Tx, now: Date): Promise<void> {
  const [client] = await tx.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
  if (!client) return;
  // The waivers come from catalogue/demo.yaml; the demo's signatures are made once.
  const clientWaivers = await tx.select().from(waivers).where(eq(waivers.clientId, client.id));
  const byTitle = (title: string) => clientWaivers.find((w) => w.title === title);
  const bodyPump = byTitle(BODY_PUMP_WAIVER.title);
  const juniorSwim = byTitle(JUNIOR_SWIM_WAIVER.title);
  const climbing = byTitle(CLIMBING_WAIVER.title);
  if (!bodyPump || !juniorSwim || !climbing) return;
  const [signed] = await tx
    .select({ id: waiverSignatures.id })
    .from(waiverSignatures)
    .where(eq(waiverSignatures.waiverId, bodyPump.id))
    .limit(1);
  if (signed) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const venueIds = (
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.clientId, client.id))
  ).map((v) => v.id);

  const people = await tx
    .select({ id: customers.id, reference: customers.reference })
    .from(customers)
    .where(
      and(
        eq(customers.clientId, client.id),
        inArray(customers.reference, ['FH100001', 'FH100009', 'FH100010']),
      ),
    );
  const byReference = new Map(people.map((p) => [p.reference, p.id]));
  const signatures: (typeof waiverSignatures.$inferInsert)[] = [];

  // The demo customer signed Body Pump version 1 (the page offers version 2), Junior swim for Sam Morgan, and a
  // climbing wall waiver that has since expired (hidden).
  const demo = byReference.get('FH100001');
  if (demo) {
    signatures.push(
      signature(demo, bodyPump, 1, ago(200)),
      signature(demo, juniorSwim, 1, ago(45), {
        attendeeName: 'Sam Morgan',
        answers: juniorAnswers('Sam Morgan', '2016-05-14', 'None'),
      }),
      signature(demo, climbing, 1, ago(430)),
    );
  }

  if (signatures.length) await tx.insert(waiverSignatures).values(signatures);

  // The members Dana Fox and Eli Grant: a part-used '10 Yoga Class Pass' each and the waivers.
  const members = [
    { reference: 'FH100009', used: 3, attendee: null },
    { reference: 'FH100010', used: 8, attendee: 'Ruby Grant' },
  ] as const;
  for (const m of members) {
    const customerId = byReference.get(m.reference);
    if (!customerId) continue;
    await createMemberProfile(tx, {
      now,
      clientId: client.id,
      customerId,
      used: m.used,
      attendee: m.attendee,
      swimPassVenueIds: m.reference === 'FH100010' ? venueIds.slice(0, 2) : [],
    });
  }
}

/**
 * A member's packages and waivers (as Dana Fox's): a '10 Yoga Class Pass' with `used` uses recorded, Body Pump
 * version 2 signed 20 days ago, and with `attendee` a Junior swim lessons waiver signed for them and a '5 Swim
 * Pass' good at `swimPassVenueIds` only. Needs the client's waivers (seedProfile).
 */
export async function createMemberProfile(
  tx: Tx,
  input: {
    now: Date;
    clientId: number;
    customerId: number;
    used: number;
    attendee: string | null;
    swimPassVenueIds: number[];
  },
) {
  const { now, customerId, attendee } = input;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const clientWaivers = await tx.select().from(waivers).where(eq(waivers.clientId, input.clientId));
  const byTitle = (title: string) => clientWaivers.find((w) => w.title === title);
  const bodyPump = byTitle(BODY_PUMP_WAIVER.title);
  const juniorSwim = byTitle(JUNIOR_SWIM_WAIVER.title);
  await createPackage(tx, {
    customerId,
    name: '10 Yoga Class Pass',
    description: 'Ten Mind & Body classes (Yoga or Pilates) at any Fieldhouse venue.',
    area: 'Classes',
    activityCategory: 'Mind & Body',
    sessionsIncluded: 10,
    sessionsRemaining: 10 - input.used,
    price: 5500,
    expiresAt: new Date(now.getTime() + 60 * DAY_MS),
    createdAt: ago(60),
    usedAt: Array.from({ length: input.used }, (_, i) => ago(50 - i * 5)),
  });
  if (input.swimPassVenueIds.length) {
    await createPackage(tx, {
      customerId,
      name: '5 Swim Pass',
      description: 'Five lane swims.',
      area: 'Swimming',
      activityCategory: 'Aquatics',
      sessionsIncluded: 5,
      sessionsRemaining: 5,
      price: 1800,
      expiresAt: null,
      createdAt: ago(10),
      venueIds: input.swimPassVenueIds,
    });
  }
  const signatures: (typeof waiverSignatures.$inferInsert)[] = [];
  if (bodyPump) signatures.push(signature(customerId, bodyPump, 2, ago(20)));
  if (attendee && juniorSwim) {
    signatures.push(
      signature(customerId, juniorSwim, 1, ago(15), {
        attendeeName: attendee,
        answers: juniorAnswers(attendee, '2015-09-02', 'Mild asthma (inhaler in bag)'),
      }),
    );
  }
  if (signatures.length) await tx.insert(waiverSignatures).values(signatures);
}
