import { accountMembershipsReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { memberships } from '../src/db/schema.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  cardToken,
  createClient,
  createCustomer,
  createEligibilityCriterion,
  createFreezeType,
  createMandate,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createVenue,
  type Session,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

// Shared by the membership-management-*.int.test.ts files: each builds these on its own database and app.

export const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 22 November 2026 (GMT); next payments on the 1st

/**
 * One test file's fresh database with a client and its home venue, an app on it at `NOW` (files in `storage`), and
 * the catalogue and helpers of `membershipManagementFixtures`. Call once per file.
 */
export async function membershipManagementTestbed() {
  const t = await setupTestDatabase();
  const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
  const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  const storage = new MemoryStorage();
  const app = await t.buildTestApp({}, { now: () => NOW, storage });
  return { t, client, home, storage, app, ...(await membershipManagementFixtures(t, client, home, app)) };
}

/** The catalogue of one test file (criteria, freeze types, membership types) and helpers on its app. */
async function membershipManagementFixtures(
  t: { db: Db },
  client: { id: number },
  home: { id: number },
  app: FastifyInstance,
) {
  const {
    criterion: student,
    documentTypes: [idCard, letter],
  } = await createEligibilityCriterion(t.db, {
    clientId: client.id,
    name: 'Full-time student',
    documentTypes: ['Student ID card', 'Acceptance letter'],
  });
  const {
    criterion: evidence,
    documentTypes: [doctorsNote],
  } = await createEligibilityCriterion(t.db, {
    clientId: client.id,
    name: 'Freeze evidence',
    documentTypes: ["Doctor's note"],
  });
  const medical = await createFreezeType(t.db, {
    clientId: client.id,
    reason: 'Medical',
    timePeriods: [1, 2, 3],
    monthlyFee: 0,
    proofDocumentTypeId: doctorsNote!.id,
    proofDescription: "Please upload a doctor's note.",
  });
  const holiday = await createFreezeType(t.db, {
    clientId: client.id,
    reason: 'Holiday',
    timePeriods: [1],
    monthlyFee: 500,
    sortOrder: 1,
  });

  const gym = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'gym-and-swim',
    name: 'Gym & Swim',
  });
  const gymMonthly = await createPaymentOption(t.db, { membershipTypeId: gym.id });
  const swim = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'swim-only',
    name: 'Swim Only',
  });
  const swimMonthly = await createPaymentOption(t.db, {
    membershipTypeId: swim.id,
    baseFee: 2499,
    joiningFee: 1000,
  });
  const offPeak = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'off-peak',
    name: 'Off-Peak',
  });
  const offPeakMonthly = await createPaymentOption(t.db, {
    membershipTypeId: offPeak.id,
    baseFee: 2799,
    monthInHand: true,
  });
  const studentType = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'student',
    name: 'Student',
    eligibilityName: 'Full-time student',
    eligibilityCriterionId: student!.id,
  });
  const studentMonthly = await createPaymentOption(t.db, {
    membershipTypeId: studentType.id,
    baseFee: 2200,
    joiningFee: 0,
  });
  const saver = await createMembershipType(t.db, {
    clientId: client.id,
    slug: '12-month-saver',
    name: '12 Month Saver',
  });
  const saverOption = await createPaymentOption(t.db, {
    membershipTypeId: saver.id,
    name: 'Single payment',
    paymentType: 'fixed',
    baseFee: 36000,
    joiningFee: 0,
    fixedDuration: 12,
    fixedPeriod: 'month',
  });

  let refs = 0;
  /** A member with billing day 1, an active mandate and the given memberships (active unless said otherwise). */
  async function member(
    plan: {
      option: typeof gymMonthly;
      status?: 'active' | 'pending' | 'cancelled';
      expiresAt?: string;
    }[],
  ) {
    const customer = await createCustomer(t.db, {
      clientId: client.id,
      billingDay: 1,
      hasInstruction: true,
      homeVenueId: home.id,
      dateOfBirth: '1990-01-01',
    });
    const mandate = await createMandate(t.db, { customerId: customer.id, reference: `SBX-T-${customer.id}` });
    const rows = [];
    for (const p of plan) {
      rows.push(
        await createMembership(t.db, {
          customerId: customer.id,
          membershipTypeId: p.option.membershipTypeId,
          paymentOptionId: p.option.id,
          homeVenueId: home.id,
          reference: `M-T${++refs}`,
          status: p.status ?? 'active',
          startDate: '2026-06-01',
          expiresAt: p.expiresAt ?? null,
          nextPaymentDate: p.option.paymentType === 'recurring' ? '2026-12-01' : null,
          price: p.option.baseFee,
          mandateId: p.option.paymentType === 'recurring' ? mandate.id : null,
        }),
      );
    }
    return { customer, memberships: rows, session: await sessionFor(t.db, customer.id) };
  }

  const get = (url: string, session: Session) => app.inject({ method: 'GET', url, headers: session.headers });
  const post = (url: string, session: Session, payload?: object) =>
    app.inject({ method: 'POST', url, headers: session.headers, payload });

  const upload = (url: string, session: Session, body: ReturnType<typeof multipart>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers, 'content-type': body.contentType },
      payload: body.payload,
    });

  const listOf = async (session: Session) =>
    accountMembershipsReply.parse((await get('/api/my-account/user/memberships', session)).json()).data;
  const membershipRow = async (id: number) =>
    (await t.db.select().from(memberships).where(eq(memberships.id, id)))[0]!;

  async function checkout(session: Session, version: number) {
    const token = await cardToken(app);
    return post('/api/checkout/complete', session, {
      terms: true,
      cart_version: version,
      payment_method: { type: 'token', token, save_card: false },
    });
  }

  return {
    student,
    idCard,
    letter,
    evidence,
    doctorsNote,
    medical,
    holiday,
    gymMonthly,
    swimMonthly,
    offPeakMonthly,
    studentMonthly,
    saverOption,
    member,
    get,
    post,
    upload,
    listOf,
    membershipRow,
    checkout,
  };
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(
  fields: Record<string, string | number>,
  file?: { field: string; name: string; type: string; bytes: Buffer },
) {
  const boundary = `----fh${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
