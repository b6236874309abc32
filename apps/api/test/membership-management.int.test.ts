import {
  accountMembershipsReply,
  cancelInfoReply,
  cancelReply,
  changeCostsReply,
  changeOptionsReply,
  changeReply,
  freezePreviewReply,
  freezeReply,
  freezeTypesReply,
  MAX_UPLOAD_BYTES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
  renewalDetailsReply,
  renewReply,
  userReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clients, eligibilityDocuments, freezeRequests, memberships, orders } from '../src/db/schema.ts';
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
  createPenalty,
  createVenue,
  type Session,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 22 November 2026 (GMT); next payments on the 1st
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const storage = new MemoryStorage();
const app = await t.buildTestApp({}, { now: () => NOW, storage });

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
const swim = await createMembershipType(t.db, { clientId: client.id, slug: 'swim-only', name: 'Swim Only' });
const swimMonthly = await createPaymentOption(t.db, {
  membershipTypeId: swim.id,
  baseFee: 2499,
  joiningFee: 1000,
});
const offPeak = await createMembershipType(t.db, { clientId: client.id, slug: 'off-peak', name: 'Off-Peak' });
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

/** A multipart/form-data body with text fields and one file. */
function multipart(
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
const upload = (url: string, session: Session, body: ReturnType<typeof multipart>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });

// A real PNG: files are typed by file-type, which reads the PNG's chunks, not just its signature.
const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#48c' } })
  .png()
  .toBuffer();
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(128, 0x90)]);

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

describe("the spec's GET user/memberships", () => {
  it("lists the caller's own memberships, exactly as the account site's path does, and needs a session", async () => {
    const { memberships: mine, session } = await member([{ option: gymMonthly }]);
    await member([{ option: gymMonthly }]);
    const spec = await get('/api/user/memberships', session);
    expect(spec.statusCode).toBe(200);
    expect(accountMembershipsReply.parse(spec.json()).data.map((m) => m.id)).toEqual(mine.map((m) => m.id));
    expect(spec.json()).toEqual((await get('/api/my-account/user/memberships', session)).json());
    expect((await app.inject({ method: 'GET', url: '/api/user/memberships' })).statusCode).toBe(401);
  });
});

describe('eligibility documents', () => {
  it('stores a checked document for the owner, lists it and serves it back only to them', async () => {
    const {
      memberships: [m],
      session,
    } = await member([{ option: studentMonthly }]);
    const other = await member([{ option: gymMonthly }]);

    const before = userReply.parse((await get('/api/auth/user', session)).json()).data;
    expect(before.membership_document_upload_required).toBe(true);
    expect(before.days_allowance_to_upload_eligibility_document).toBe(14);
    const [listed] = await listOf(session);
    expect(listed!.membership_type.eligibility_criterion).toEqual({
      id: student!.id,
      document_types: [
        { id: idCard!.id, name: 'Student ID card' },
        { id: letter!.id, name: 'Acceptance letter' },
      ],
    });
    expect(listed!.document).toBeNull();

    const fields = {
      eligibility_document_type_id: idCard!.id,
      membership_id: m!.id,
      eligibility_criterion_id: student!.id,
    };
    // Another customer cannot upload against this membership.
    const foreign = await upload(
      '/api/eligibility/document',
      other.session,
      multipart(fields, { field: 'document', name: 'card.png', type: 'image/png', bytes: PNG }),
    );
    expect(foreign.statusCode).toBe(404);

    const res = await upload(
      '/api/eligibility/document',
      session,
      multipart(fields, { field: 'document', name: 'card.png', type: 'image/png', bytes: PNG }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.message).toBe(MEMBERSHIP_MANAGEMENT_TEXTS.documentSubmitted);
    expect(storage.size).toBe(1);

    const [after] = await listOf(session);
    expect(after!.document).toMatchObject({
      status: 'pending',
      rejection_reason: null,
      type: { name: 'Student ID card' },
      document_expiry: { document_expiring_soon: false, expired: false },
    });
    const user = userReply.parse((await get('/api/auth/user', session)).json()).data;
    expect(user.membership_document_upload_required).toBe(false);

    const file = await get(`/api/eligibility/document/${after!.document!.id}/file`, session);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="card.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await get(`/api/eligibility/document/${after!.document!.id}/file`, other.session)).statusCode,
    ).toBe(404);

    // Rejected and expiring documents ask for a new upload again.
    await t.db
      .update(eligibilityDocuments)
      .set({ status: 'approved', expiresOn: '2026-12-10' })
      .where(eq(eligibilityDocuments.id, after!.document!.id));
    const expiring = userReply.parse((await get('/api/auth/user', session)).json()).data;
    expect(expiring.membership_document_upload_required).toBe(true);
    expect(expiring.document_expiry).toEqual([
      { expired: false, document_expiring_soon: true, days_to_expiry: 18, membership_id: m!.id },
    ]);
  });

  it('refuses files that are too large, or whose content does not match their name, and stores nothing', async () => {
    const {
      memberships: [m],
      session,
    } = await member([{ option: studentMonthly }]);
    const fields = {
      eligibility_document_type_id: letter!.id,
      membership_id: m!.id,
      eligibility_criterion_id: student!.id,
    };
    const stored = storage.size;
    const huge = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PDF.length, 0x20)]);
    expect(huge.length).toBe(20_000_001);
    const cases = [
      {
        name: 'letter.pdf',
        type: 'application/pdf',
        bytes: huge,
        message: MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge,
      },
      { name: 'letter.png', type: 'image/png', bytes: PDF, message: MEMBERSHIP_MANAGEMENT_TEXTS.fileType },
      {
        name: 'letter.pdf',
        type: 'application/pdf',
        bytes: EXE,
        message: MEMBERSHIP_MANAGEMENT_TEXTS.fileType,
      },
      { name: 'letter.pdf', type: 'image/png', bytes: PDF, message: MEMBERSHIP_MANAGEMENT_TEXTS.fileType },
    ];
    for (const c of cases) {
      const res = await upload(
        '/api/eligibility/document',
        session,
        multipart(fields, { field: 'document', name: c.name, type: c.type, bytes: c.bytes }),
      );
      expect(res.statusCode, c.name).toBe(422);
      expect(res.json().errors).toEqual({ document: [c.message] });
    }
    // A document type of another criterion, a criterion the membership does not have, no file.
    const wrongType = await upload(
      '/api/eligibility/document',
      session,
      multipart(
        { ...fields, eligibility_document_type_id: doctorsNote!.id },
        {
          field: 'document',
          name: 'a.png',
          type: 'image/png',
          bytes: PNG,
        },
      ),
    );
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['eligibility_document_type_id']);
    const wrongCriterion = await upload(
      '/api/eligibility/document',
      session,
      multipart(
        { ...fields, eligibility_criterion_id: evidence!.id },
        {
          field: 'document',
          name: 'a.png',
          type: 'image/png',
          bytes: PNG,
        },
      ),
    );
    expect(Object.keys(wrongCriterion.json().errors)).toEqual(['membership_id']);
    const noFile = await upload('/api/eligibility/document', session, multipart(fields));
    expect(noFile.json().errors).toEqual({ document: [MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired] });
    expect(storage.size).toBe(stored);
    expect(
      await t.db.select().from(eligibilityDocuments).where(eq(eligibilityDocuments.membershipId, m!.id)),
    ).toEqual([]);
  });
});

describe('cancel', () => {
  it('records a cancellation while fees are unpaid and carries it out when checkout pays them', async () => {
    const {
      customer,
      memberships: [m],
      session,
    } = await member([{ option: offPeakMonthly }]);
    const fee = await createPenalty(t.db, {
      customerId: customer.id,
      venueId: home.id,
      type: 'no_show',
      description: 'No-show fee',
      amount: 300,
      createdAt: new Date('2026-11-18T12:00:00Z'),
    });
    const info = cancelInfoReply.parse((await get(`/api/memberships/${m!.id}/cancel`, session)).json()).data;
    expect(info).toMatchObject({
      allow_online_membership_cancellation: true,
      payment_type: 'recurring',
      has_outstanding_penalties_due: true,
      outstanding_penalties_due: [
        {
          id: fee.id,
          type: 'No-show fee',
          fee_amount: { amount: 300, formatted: '£3.00' },
          created_at: '18 Nov 2026',
        },
      ],
      recurring: {
        cancellation_notice_period: 30,
        earliest_final_payment_date: '1 December 2026',
        earliest_final_day_of_membership: '22 December 2026',
        cancellation_notice_required: true,
      },
      next_payments: [{ date: '2026-12-01', amount: { raw: 2799 }, description: 'Final payment' }],
      cancellation_pending_payment: false,
    });

    const res = await post(`/api/memberships/${m!.id}/cancel`, session);
    expect(res.statusCode).toBe(200);
    const reply = cancelReply.parse(res.json()).data;
    expect(reply).toMatchObject({ cancelled: false, message: MEMBERSHIP_MANAGEMENT_TEXTS.outstandingFees });
    expect(reply.membership.status).toBe('active');
    expect((await membershipRow(m!.id)).status).toBe('active');
    const pending = cancelInfoReply.parse(
      (await get(`/api/memberships/${m!.id}/cancel`, session)).json(),
    ).data;
    expect(pending.cancellation_pending_payment).toBe(true);

    const added = await post('/api/cart/add', session, { items: [{ id: fee.id, type: 'penalty' }] });
    expect(added.statusCode).toBe(200);
    const done = await checkout(session, added.json().data.version);
    expect(done.statusCode).toBe(200);
    expect(await membershipRow(m!.id)).toMatchObject({
      status: 'cancelled',
      expiresAt: '2026-12-22',
      nextPaymentDate: '2026-12-01',
      cancellationRequestedAt: null,
    });
  });

  it('cancels a paid-in-full membership at once, refuses when online cancellation is off, and hides others', async () => {
    const {
      memberships: [fixed, monthly],
      session,
    } = await member([{ option: saverOption, expiresAt: '2027-05-31' }, { option: gymMonthly }]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/memberships/${fixed!.id}/cancel`, other.session)).statusCode).toBe(404);
    expect((await post(`/api/memberships/${fixed!.id}/cancel`, other.session)).statusCode).toBe(404);

    const info = cancelInfoReply.parse(
      (await get(`/api/memberships/${fixed!.id}/cancel`, session)).json(),
    ).data;
    expect(info).toMatchObject({ payment_type: 'fixed', recurring: null, next_payments: [] });
    const res = cancelReply.parse((await post(`/api/memberships/${fixed!.id}/cancel`, session)).json()).data;
    expect(res).toMatchObject({ cancelled: true, message: MEMBERSHIP_MANAGEMENT_TEXTS.cancelled });
    expect(res.membership).toMatchObject({ status: 'cancelled', expires_at: { raw: '2026-11-22' } });
    expect((await post(`/api/memberships/${fixed!.id}/cancel`, session)).statusCode).toBe(403);

    await t.db
      .update(clients)
      .set({ allowOnlineCancellation: false, cancellationRefusalMessage: 'Please call us to cancel.' })
      .where(eq(clients.id, client.id));
    try {
      const refusedInfo = cancelInfoReply.parse(
        (await get(`/api/memberships/${monthly!.id}/cancel`, session)).json(),
      ).data;
      expect(refusedInfo).toMatchObject({
        allow_online_membership_cancellation: false,
        membership_cancellation_refusal_message: 'Please call us to cancel.',
      });
      const refused = await post(`/api/memberships/${monthly!.id}/cancel`, session);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Please call us to cancel.');
      expect((await membershipRow(monthly!.id)).status).toBe('active');
    } finally {
      await t.db.update(clients).set({ allowOnlineCancellation: true }).where(eq(clients.id, client.id));
    }
  });
});

describe('freeze', () => {
  it('offers freeze types within the window and checks reason, date, months and proof', async () => {
    const {
      memberships: [m, fixed],
      session,
    } = await member([{ option: gymMonthly }, { option: saverOption, expiresAt: '2027-05-31' }]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/user/memberships/${m!.id}/freezetypes`, other.session)).statusCode).toBe(404);
    expect((await get(`/api/user/memberships/${fixed!.id}/freezetypes`, session)).statusCode).toBe(403);

    const types = freezeTypesReply.parse(
      (await get(`/api/user/memberships/${m!.id}/freezetypes`, session)).json(),
    ).data;
    expect(types.min_freeze_start_date.raw).toBe('2026-11-23');
    expect(types.max_freeze_start_date.raw).toBe('2027-02-22');
    expect(types.freeze_types).toEqual([
      {
        id: medical!.id,
        reason: 'Medical',
        time_periods: [1, 2, 3],
        monthly_fee: { raw: 0, formatted: '£0.00' },
        proof_of_eligibility: {
          description: "Please upload a doctor's note.",
          document_type: { id: doctorsNote!.id, name: "Doctor's note" },
        },
      },
      {
        id: holiday!.id,
        reason: 'Holiday',
        time_periods: [1],
        monthly_fee: { raw: 500, formatted: '£5.00' },
        proof_of_eligibility: null,
      },
    ]);

    const preview = freezePreviewReply.parse(
      (
        await get(
          `/api/user/memberships/${m!.id}/freeze/preview?freeze_type_id=${holiday!.id}&active_from=2026-12-01&months=1`,
          session,
        )
      ).json(),
    ).data;
    expect(preview).toEqual({
      ends_on: '2026-12-31',
      next_payments: [
        {
          date: '2026-12-01',
          date_pretty: '1 December 2026',
          amount: { raw: 500, formatted: '£5.00' },
          description: 'Freeze fee',
        },
        {
          date: '2027-01-01',
          date_pretty: '1 January 2027',
          amount: { raw: 3999, formatted: '£39.99' },
          description: 'Monthly payment',
        },
      ],
    });

    const url = `/api/user/memberships/${m!.id}/freeze`;
    const stored = storage.size;
    const errorsOf = async (
      fields: Record<string, string | number>,
      file?: Parameters<typeof multipart>[1],
    ) => {
      const res = await upload(url, session, multipart(fields, file));
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    const base = { freeze_type_id: medical!.id, active_from: '2026-12-01', months: 2 };
    const note = { field: 'file', name: 'note.pdf', type: 'application/pdf', bytes: PDF };
    expect(await errorsOf(base)).toEqual({ file: [MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired] });
    expect(await errorsOf({ ...base, active_from: '2026-11-22' }, note)).toEqual({
      active_from: [MEMBERSHIP_MANAGEMENT_TEXTS.freezeFrom],
    });
    expect(await errorsOf({ ...base, active_from: '2027-02-23' }, note)).toEqual({
      active_from: [MEMBERSHIP_MANAGEMENT_TEXTS.freezeUpTo],
    });
    expect(Object.keys(await errorsOf({ ...base, months: 4 }, note))).toEqual(['months']);
    expect(Object.keys(await errorsOf({ ...base, freeze_type_id: 999_999 }, note))).toEqual([
      'freeze_type_id',
    ]);
    expect(await errorsOf(base, { ...note, name: 'note.png', type: 'image/png' })).toEqual({
      file: [MEMBERSHIP_MANAGEMENT_TEXTS.fileType],
    });
    expect(
      await errorsOf(base, { ...note, bytes: Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES, 0x20)]) }),
    ).toEqual({ file: [MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge] });
    expect(storage.size).toBe(stored);
    // Another customer cannot freeze this membership.
    expect((await upload(url, other.session, multipart(base, note))).statusCode).toBe(404);

    const res = await upload(url, session, multipart(base, note));
    expect(res.statusCode).toBe(201);
    expect(freezeReply.parse(res.json()).data).toEqual({
      message: MEMBERSHIP_MANAGEMENT_TEXTS.freezeSubmitted,
      start_date: '1 December 2026',
      reason: 'Medical',
      months: 2,
      documents: [{ name: 'note.pdf' }],
    });
    expect(storage.size).toBe(stored + 1);
    const [listed] = (await listOf(session)).filter((x) => x.id === m!.id);
    expect(listed).toMatchObject({
      status: 'active',
      status_info: 'freeze pending approval',
      freeze_pending: true,
      freezable: false,
    });
    const again = await upload(url, session, multipart({ ...base, freeze_type_id: holiday!.id, months: 1 }));
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(MEMBERSHIP_MANAGEMENT_TEXTS.freezePending);
    expect(
      await t.db.select().from(freezeRequests).where(eq(freezeRequests.membershipId, m!.id)),
    ).toHaveLength(1);
  });

  it('freezes without a file when the reason needs no proof', async () => {
    const {
      memberships: [m],
      session,
    } = await member([{ option: gymMonthly }]);
    const stored = storage.size;
    const res = await upload(
      `/api/user/memberships/${m!.id}/freeze`,
      session,
      multipart({ freeze_type_id: holiday!.id, active_from: '2026-11-23', months: 1 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.documents).toEqual([]);
    expect(storage.size).toBe(stored);
  });
});

describe('change', () => {
  it('lists the options, prices the change and makes a cheaper change at once with a £0.00 order', async () => {
    const {
      memberships: [m, fixed],
      session,
    } = await member([{ option: swimMonthly }, { option: saverOption, expiresAt: '2027-05-31' }]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/memberships/${m!.id}/change`, other.session)).statusCode).toBe(404);
    expect(
      (
        await post(`/api/memberships/${m!.id}/change`, other.session, {
          starts_at: '2026-11-22',
          payment_option_id: studentMonthly.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/memberships/${fixed!.id}/change`, session)).statusCode).toBe(403);

    const options = changeOptionsReply.parse(
      (await get(`/api/memberships/${m!.id}/change`, session)).json(),
    ).data;
    const optionIds = options.flatMap((o) => o.payment_options.map((p) => p.id));
    expect(optionIds).toContain(gymMonthly.id);
    expect(optionIds).toContain(studentMonthly.id);
    expect(optionIds).not.toContain(swimMonthly.id);
    expect(optionIds).not.toContain(saverOption.id);

    const up = changeCostsReply.parse(
      (await get(`/api/memberships/${m!.id}/change/${gymMonthly.id}?startsAt=2026-11-22`, session)).json(),
    ).data;
    expect(up).toMatchObject({
      starts_at: { min: '2026-11-22', max: '2026-12-01' },
      costs: {
        difference_to_old_membership: '£15.00 more per month',
        total_due_now: {
          raw: 450,
          formatted: '£4.50',
          composition: { month_in_hand: { raw: 0 }, fees: { raw: 450 } },
        },
      },
      new_membership_price: { raw: 3999 },
      pretty_first_billing_date: '1 December 2026',
      payment_type: 'recurring',
    });
    expect(up.next_payments.map((p) => [p.date, p.amount.raw])).toEqual([
      ['2026-12-01', 3999],
      ['2027-01-01', 3999],
      ['2027-02-01', 3999],
    ]);
    const mih = changeCostsReply.parse(
      (
        await get(`/api/memberships/${m!.id}/change/${offPeakMonthly.id}?startsAt=2026-11-22`, session)
      ).json(),
    ).data;
    expect(mih.costs.total_due_now).toMatchObject({
      raw: 2889,
      composition: { month_in_hand: { raw: 2799 }, fees: { raw: 90 } },
    });
    const late = await get(`/api/memberships/${m!.id}/change/${gymMonthly.id}?startsAt=2026-12-02`, session);
    expect(late.statusCode).toBe(422);
    expect(Object.keys(late.json().errors)).toEqual(['starts_at']);
    expect((await get(`/api/memberships/${m!.id}/change/${swimMonthly.id}`, session)).statusCode).toBe(404);

    const res = await post(`/api/memberships/${m!.id}/change`, session, {
      starts_at: '2026-11-22',
      payment_option_id: studentMonthly.id,
    });
    expect(res.statusCode).toBe(200);
    const reply = changeReply.parse(res.json()).data;
    expect(reply.cart_id).toBeNull();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, reply.order_id!));
    expect(order!.total).toBe(0);
    const orderReply = await get(`/api/orders/${reply.order_id}`, session);
    expect(orderReply.statusCode).toBe(200);
    expect(orderReply.json().data.items[0]).toMatchObject({ type: 'membership' });
    expect(await membershipRow(m!.id)).toMatchObject({
      status: 'expired',
      expiresAt: '2026-11-21',
      nextPaymentDate: null,
    });
    const created = (
      await t.db.select().from(memberships).where(eq(memberships.replacesMembershipId, m!.id))
    )[0]!;
    expect(created).toMatchObject({
      status: 'active',
      startDate: '2026-11-22',
      nextPaymentDate: '2026-12-01',
      price: 2200,
      awaitingPayment: false,
      mandateId: m!.mandateId,
    });
    expect((await get(`/api/memberships/${m!.id}/change`, session)).statusCode).toBe(403);
  });

  it('puts a change with something due in the basket; checkout makes it', async () => {
    const {
      memberships: [m],
      session,
    } = await member([{ option: swimMonthly }]);
    const bad = await post(`/api/memberships/${m!.id}/change`, session, {
      starts_at: '2026-12-05',
      payment_option_id: gymMonthly.id,
    });
    expect(bad.statusCode).toBe(422);
    const res = await post(`/api/memberships/${m!.id}/change`, session, {
      starts_at: '2026-11-25',
      payment_option_id: gymMonthly.id,
    });
    expect(res.statusCode).toBe(200);
    const reply = changeReply.parse(res.json()).data;
    expect(reply.order_id).toBeNull();
    const cart = (await get('/api/cart', session)).json().data;
    expect(cart.id).toBe(reply.cart_id);
    // £15.00 × 6 / 30 = £3.00.
    expect(cart.totals.total.raw).toBe(300);
    expect((await membershipRow(m!.id)).status).toBe('active');

    const done = await checkout(session, cart.version);
    expect(done.statusCode).toBe(200);
    const created = (
      await t.db.select().from(memberships).where(eq(memberships.replacesMembershipId, m!.id))
    )[0]!;
    expect(created).toMatchObject({
      status: 'pending',
      startDate: '2026-11-25',
      nextPaymentDate: '2026-12-01',
      awaitingPayment: false,
    });
    expect(await membershipRow(m!.id)).toMatchObject({
      status: 'active',
      expiresAt: '2026-11-24',
      nextPaymentDate: null,
    });
    const listed = (await listOf(session)).find((x) => x.id === m!.id)!;
    expect(listed).toMatchObject({
      status_info: 'Changing to Gym & Swim on 25 November 2026',
      can_change: false,
      cannot_change_reason: 'This membership is already changing.',
    });
  });
});

describe('renew', () => {
  it('renews a fixed membership within 30 days of expiry through the basket; it waits for its start', async () => {
    const {
      memberships: [soon, later],
      session,
    } = await member([
      { option: saverOption, expiresAt: '2026-12-12' },
      { option: saverOption, expiresAt: '2027-03-01' },
    ]);
    const other = await member([{ option: gymMonthly }]);
    expect((await get(`/api/memberships/${soon!.id}/renew`, other.session)).statusCode).toBe(404);
    expect((await post(`/api/memberships/${soon!.id}/renew`, other.session)).statusCode).toBe(404);

    const list = await listOf(session);
    expect(list.find((x) => x.id === later!.id)).toMatchObject({
      renewable: true,
      can_renew: false,
      renew_forbid_reason: 'You can renew from 30 January 2027',
    });
    expect((await get(`/api/memberships/${later!.id}/renew`, session)).statusCode).toBe(404);
    const refused = await post(`/api/memberships/${later!.id}/renew`, session);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ membership: ['You can renew from 30 January 2027'] });

    const details = renewalDetailsReply.parse(
      (await get(`/api/memberships/${soon!.id}/renew`, session)).json(),
    ).data;
    expect(details).toMatchObject({
      name: '12 Month Saver',
      access: 'National',
      duration: '12 months',
      price: { raw: 36000 },
      joining_fee: { raw: 0 },
      start_date: { raw: '2026-12-13', full_date_pretty: '13 December 2026' },
      end_date: { raw: '2027-12-13' },
      total_cost: { raw: 36000 },
    });
    const res = await post(`/api/memberships/${soon!.id}/renew`, session);
    expect(res.statusCode).toBe(200);
    const reply = renewReply.parse(res.json()).data;
    const cart = (await get('/api/cart', session)).json().data;
    expect(cart.id).toBe(reply.cart_id);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ cartable_type: 'membershipRenewal', price: { raw: 36000 } });

    const done = await checkout(session, cart.version);
    expect(done.statusCode).toBe(200);
    const [renewal] = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.renewsMembershipId, soon!.id));
    expect(renewal).toMatchObject({
      status: 'pending',
      awaitingPayment: false,
      startDate: '2026-12-13',
      expiresAt: '2027-12-13',
      price: 36000,
    });
    const after = (await listOf(session)).find((x) => x.id === soon!.id)!;
    expect(after).toMatchObject({
      can_renew: false,
      renew_forbid_reason: 'This membership has already been renewed.',
    });
  });
});
