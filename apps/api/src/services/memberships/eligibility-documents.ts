import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { eligibilityDocuments, eligibilityDocumentTypes, memberships } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { checkUpload, displayName, type UploadedFile, uploadKey } from '../storage/upload-check.ts';
import { findOwnMembership } from './membership-state.ts';

type DocumentFields = {
  eligibility_document_type_id: number;
  membership_id: number;
  eligibility_criterion_id: number;
};

export type UploadDeps = { db: Db; storage: FileStorage; log: FastifyBaseLogger };

/**
 * POST /api/eligibility/document: the membership must be the caller's (404), the criterion the membership type's
 * and the document type one of the criterion's (422); then the file (422 `document`: size, JPEG/PNG/PDF by content
 * and consistent with its name and declared type). Everything is checked before anything is stored; the file is
 * stored under a server-made key and the row written in one transaction (the file is removed if that fails).
 */
export async function submitEligibilityDocument(
  deps: UploadDeps,
  input: { customerId: number; fields: DocumentFields; file: UploadedFile | null; now: Date },
) {
  const { fields, customerId } = input;
  const own = await findOwnMembership(deps.db, {
    customerId,
    membershipId: fields.membership_id,
    now: input.now,
  });
  const criterionId = own.type.eligibilityCriterionId;
  if (!criterionId || criterionId !== fields.eligibility_criterion_id)
    throw fieldError('membership_id', 'This membership does not need this proof of eligibility.');
  const [documentType] = await deps.db
    .select()
    .from(eligibilityDocumentTypes)
    .where(
      and(
        eq(eligibilityDocumentTypes.id, fields.eligibility_document_type_id),
        eq(eligibilityDocumentTypes.criterionId, criterionId),
      ),
    );
  if (!documentType)
    throw fieldError('eligibility_document_type_id', MEMBERSHIP_MANAGEMENT_TEXTS.documentTypeRequired);
  if (!input.file) throw fieldError('document', MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired);
  const type = checkUpload(input.file, 'document');

  const key = uploadKey('eligibility', customerId, type);
  await deps.storage.put(key, input.file.bytes, type.mime);
  try {
    await deps.db.transaction(async (tx) => {
      // The membership is still the caller's (and not deleted) when the row is written.
      const [m] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.id, own.membership.id), eq(memberships.customerId, customerId)))
        .for('update');
      if (!m) throw notFound();
      await tx.insert(eligibilityDocuments).values({
        customerId,
        membershipId: m.id,
        criterionId,
        documentTypeId: documentType.id,
        storageKey: key,
        originalName: displayName(input.file!.filename),
        mimeType: type.mime,
        sizeBytes: input.file!.bytes.length,
        status: 'pending',
        createdAt: input.now,
      });
    });
  } catch (error) {
    await deps.storage.delete(key).catch((err) => deps.log.warn({ err, key }, 'Could not remove an upload'));
    throw error;
  }
  return { message: MEMBERSHIP_MANAGEMENT_TEXTS.documentSubmitted };
}

/** GET /api/eligibility/document/:id/file: the caller's own document only (404 otherwise). */
export async function findDocumentFile(
  db: DbOrTx,
  storage: FileStorage,
  input: { customerId: number; documentId: number },
) {
  const [doc] = await db
    .select()
    .from(eligibilityDocuments)
    .where(
      and(
        eq(eligibilityDocuments.id, input.documentId),
        eq(eligibilityDocuments.customerId, input.customerId),
      ),
    );
  if (!doc) throw notFound();
  const stored = await storage.get(doc.storageKey);
  if (!stored) throw notFound();
  return { bytes: stored.bytes, contentType: doc.mimeType, filename: doc.originalName };
}
