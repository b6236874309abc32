import { MAX_UPLOAD_BYTES, MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eligibilityDocuments } from '../src/db/schema.ts';
import type { FileStorage } from '../src/services/storage/file-storage.ts';
import { drivers, multipart, NOW, pdf, send, uploadsTestbed } from './uploads.fixtures.ts';

const { t, student, card, createStudent, uploadDocument } = await uploadsTestbed();

describe.each(drivers)('uploads on $name', ({ start }) => {
  let storage: FileStorage;
  let count: () => Promise<number>;
  let close: () => Promise<void>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ storage, count, close } = await start());
    app = await t.buildTestApp({}, { now: () => NOW, storage });
  });
  afterAll(() => close());

  it('stores a document and serves it back streamed to its owner only', async () => {
    const me = await createStudent();
    const other = await createStudent();
    const bytes = pdf(300_000);
    const before = await count();
    const res = await uploadDocument(app, me, bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect(await count()).toBe(before + 1);
    const [doc] = await t.db
      .select()
      .from(eligibilityDocuments)
      .where(eq(eligibilityDocuments.customerId, me.customer.id));
    expect(doc).toMatchObject({ mimeType: 'application/pdf', sizeBytes: 300_000, originalName: 'card.pdf' });
    const file = await app.inject({
      method: 'GET',
      url: `/api/eligibility/document/${doc!.id}/file`,
      headers: me.session.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(bytes)).toBe(true);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/eligibility/document/${doc!.id}/file`,
      headers: other.session.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("refuses a file typed only by a '%PDF-' after other content, and one past 20 MB part-way, leaving nothing", async () => {
    const me = await createStudent();
    const before = await count();
    const disguised = Buffer.concat([
      Buffer.from('<html><script>alert(1)</script>'),
      Buffer.alloc(400, 0x20),
      pdf(1000),
    ]);
    const typed = await uploadDocument(app, me, disguised);
    expect(typed.statusCode).toBe(422);
    expect(typed.json()).toEqual({
      message: MEMBERSHIP_MANAGEMENT_TEXTS.fileType,
      errors: { document: [MEMBERSHIP_MANAGEMENT_TEXTS.fileType] },
    });
    const huge = await uploadDocument(app, me, pdf(MAX_UPLOAD_BYTES + 1));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ document: [MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge] });
    expect(await count()).toBe(before);
    expect(
      await t.db
        .select()
        .from(eligibilityDocuments)
        .where(eq(eligibilityDocuments.customerId, me.customer.id)),
    ).toEqual([]);
  });

  it('takes the web form order (document type, file, then membership and criterion) and refuses a wrong field after storing, leaving nothing', async () => {
    const me = await createStudent();
    const form = (membershipId: number) =>
      multipart(
        { eligibility_document_type_id: card!.id },
        { field: 'document', name: 'card.pdf', type: 'application/pdf' },
        { membership_id: membershipId, eligibility_criterion_id: student.id },
      );
    const before = await count();
    const foreign = await createStudent();
    const refused = await send(
      app,
      me.session,
      '/api/eligibility/document',
      form(foreign.membership.id),
      pdf(8_000),
    );
    expect(refused.statusCode).toBe(404);
    expect(await count()).toBe(before);
    const res = await send(app, me.session, '/api/eligibility/document', form(me.membership.id), pdf(8_000));
    expect(res.statusCode, res.body).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
