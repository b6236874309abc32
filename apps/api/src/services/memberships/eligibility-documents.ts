import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { eligibilityDocuments, eligibilityDocumentTypes, memberships } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { type FileStorage, lockUploadQuota, type StoredUpload, type UploadDeps } from '../storage/index.ts';
import { findOwnMembership } from './membership-state.ts';

type DocumentFields = {
  eligibility_document_type_id: number;
  membership_id: number;
  eligibility_criterion_id: number;
};

/**
 * POST /api/eligibility/document: the membership must be the caller's (404), the criterion the membership type's
 * and the document type one of the criterion's (422); the file (422 `document`) has been typed and stored as it
 * streamed in (storage's receiveUpload). The row is written in one transaction that first locks the customer and
 * checks the upload quota with this file's size (422 `document`). On any refusal the route removes the stored file.
 */
export async function submitEligibilityDocument(
  deps: UploadDeps,
  input: { customerId: number; fields: DocumentFields; file: StoredUpload | null; now: Date },
) {
  const { fields, customerId, file } = input;
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
  if (!file) throw fieldError('document', MEMBERSHIP_MANAGEMENT_TEXTS.documentRequired);

  await transactionRetried(deps.db, async (tx) => {
    await lockUploadQuota(tx, { customerId, quota: deps.quota, bytes: file.size, field: 'document' });
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
      storageKey: file.key,
      originalName: file.name,
      mimeType: file.mime,
      sizeBytes: file.size,
      status: 'pending',
      createdAt: input.now,
    });
  });
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
  return { body: stored.body, size: stored.size, contentType: doc.mimeType, filename: doc.originalName };
}
