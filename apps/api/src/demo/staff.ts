import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  eligibilityDocuments,
  eligibilityDocumentTypes,
  freezeRequests,
  freezeTypes,
  memberships,
  membershipTypes,
  staffAccounts,
  staffAccountVenues,
  venues,
} from '../db/schema.ts';
import { createManagementMember } from '../db/seed-management.ts';
import { addDays, formatIso, localDateOf } from '../lib/local-date.ts';
import { nextCustomerReference } from '../services/customers/register.ts';
import type { FileStorage } from '../services/storage/file-storage.ts';

/** Where the demo's pending student ID card is stored (written by storeDemoFiles). */
export const DEMO_STUDENT_CARD_KEY = 'demo/eligibility/student-card.pdf';

/** The demo's uploaded files: a one-page student ID card, so staff can open what they approve. */
export async function storeDemoFiles(db: Db, storage: FileStorage) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: [340, 214], margin: 20, info: { Title: 'Student ID card (demo)' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(16).text('Leeds Beckett University', { align: 'left' });
  doc.moveDown(0.5).fontSize(12).text('Student ID card');
  doc.moveDown(1).text('Name: Farah Hussain');
  doc.text('Student number: 77012345');
  doc.text('Course: BSc Sport and Exercise Science (full-time)');
  doc.text('Valid to: 31 July 2027');
  doc.end();
  const bytes = await done;
  const { size } = await storage.put(DEMO_STUDENT_CARD_KEY, Readable.from([bytes]), 'application/pdf');
  await db
    .update(eligibilityDocuments)
    .set({ sizeBytes: size })
    .where(eq(eligibilityDocuments.storageKey, DEMO_STUDENT_CARD_KEY));
}

/** Demo staff (password Fieldhouse1!, as the demo members'): named in the README. */
export const DEMO_STAFF = [
  { email: 'admin@fieldhouse.test', name: 'Sam Patel', role: 'administrator', venueSlug: null },
  {
    email: 'desk@fieldhouse.test',
    name: 'Jo Walker',
    role: 'front_desk',
    venueSlug: 'john-charles-centre-for-sport',
  },
  {
    email: 'manager@fieldhouse.test',
    name: 'Priya Shah',
    role: 'centre_manager',
    venueSlug: 'john-charles-centre-for-sport',
  },
  // Reports and exports of every venue, nothing else (issue 37, decision 080).
  { email: 'finance@fieldhouse.test', name: 'Tom Reid', role: 'finance', venueSlug: null },
] as const;

/**
 * The demo's staff, and a member with two requests waiting for them (a freeze with a doctor's note and a student
 * ID card), so the approvals queue has work in it. The card's file is put in storage by `storeDemoFiles` once the
 * app (and its storage) is up.
 */
export async function seedDemoStaff(
  tx: Tx,
  input: { now: Date; passwordHash: string; clientId: number; homeVenueSlug: string },
) {
  const [home] = await tx.select().from(venues).where(eq(venues.slug, input.homeVenueSlug));
  if (!home) return;
  for (const person of DEMO_STAFF) {
    const [row] = await tx
      .insert(staffAccounts)
      .values({ email: person.email, name: person.name, role: person.role, passwordHash: input.passwordHash })
      .returning({ id: staffAccounts.id });
    if (person.venueSlug) await tx.insert(staffAccountVenues).values({ staffId: row!.id, venueId: home.id });
  }

  const reference = await nextCustomerReference(tx);
  const member = await createManagementMember(tx, {
    now: input.now,
    clientId: input.clientId,
    home,
    passwordHash: input.passwordHash,
    person: {
      reference,
      firstName: 'Farah',
      lastName: 'Hussain',
      email: 'farah@fieldhouse.test',
      number: Number(reference.slice(2)),
    },
  });
  const own = await tx
    .select({
      id: memberships.id,
      slug: membershipTypes.slug,
      criterionId: membershipTypes.eligibilityCriterionId,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .where(eq(memberships.customerId, member.id));
  const gym = own.find((m) => m.slug === 'gym-and-swim');
  const student = own.find((m) => m.slug === 'student');
  const [medical] = await tx
    .select()
    .from(freezeTypes)
    .where(and(eq(freezeTypes.clientId, input.clientId), eq(freezeTypes.reason, 'Medical')))
    .limit(1);
  const today = localDateOf(input.now, home.timeZone);
  const submitted = new Date(input.now.getTime() - 26 * 3_600_000);
  if (gym && medical) {
    await tx.insert(freezeRequests).values({
      customerId: member.id,
      membershipId: gym.id,
      freezeTypeId: medical.id,
      activeFrom: formatIso(addDays(today, 7)),
      months: 1,
      status: 'pending_approval',
      createdAt: submitted,
    });
  }
  if (student?.criterionId) {
    const [type] = await tx
      .select()
      .from(eligibilityDocumentTypes)
      .where(eq(eligibilityDocumentTypes.criterionId, student.criterionId))
      .limit(1);
    if (type)
      await tx.insert(eligibilityDocuments).values({
        customerId: member.id,
        membershipId: student.id,
        criterionId: student.criterionId,
        documentTypeId: type.id,
        storageKey: DEMO_STUDENT_CARD_KEY,
        originalName: 'student-card.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 0, // set by storeDemoFiles
        status: 'pending',
        createdAt: new Date(input.now.getTime() - 3 * 3_600_000),
      });
  }
}
