import {
  accountMembershipsReply,
  MAX_UPLOAD_BYTES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
  userReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eligibilityDocuments } from '../src/db/schema.ts';
import { membershipManagementTestbed, multipart, PDF } from './membership-management.fixtures.ts';

const { t, storage, app, ...fixtures } = await membershipManagementTestbed();
const { student, idCard, letter, evidence, doctorsNote, gymMonthly, studentMonthly } = fixtures;
const { member, get, upload, listOf } = fixtures;

// A real PNG: files are typed by file-type, which reads the PNG's chunks, not just its signature.
const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#48c' } })
  .png()
  .toBuffer();
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(128, 0x90)]);

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
