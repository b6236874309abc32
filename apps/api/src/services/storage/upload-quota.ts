import { UPLOAD_QUOTA_TEXT } from '@fieldhouse/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, eligibilityDocuments, freezeRequests } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';

/** Most files and bytes one customer may have stored (documents, freeze proof and the profile photo together). */
export type UploadQuota = { files: number; bytes: number };

type Usage = { files: number; bytes: number };

/**
 * What the customer has stored: every eligibility document, every freeze request with a proof file, and the profile
 * photo unless `replacingPhoto` (a new photo replaces it).
 */
async function findUploadUsage(db: DbOrTx, customerId: number, replacingPhoto: boolean): Promise<Usage> {
  const [documents] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${eligibilityDocuments.sizeBytes}), 0)::bigint`,
    })
    .from(eligibilityDocuments)
    .where(eq(eligibilityDocuments.customerId, customerId));
  const [proofs] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${freezeRequests.sizeBytes}), 0)::bigint`,
    })
    .from(freezeRequests)
    .where(and(eq(freezeRequests.customerId, customerId), isNotNull(freezeRequests.storageKey)));
  const [photo] = await db
    .select({ path: customers.profilePhotoPath, bytes: customers.profilePhotoBytes })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!photo) throw notFound();
  const hasPhoto = Boolean(photo.path) && !replacingPhoto;
  return {
    files: Number(documents!.files) + Number(proofs!.files) + (hasPhoto ? 1 : 0),
    bytes: Number(documents!.bytes) + Number(proofs!.bytes) + (hasPhoto ? (photo.bytes ?? 0) : 0),
  };
}

type QuotaCheck = {
  customerId: number;
  quota: UploadQuota;
  /** Size of the file being added; 0 before it has been received (the early check). */
  bytes: number;
  /** The 422's key: the upload's field (document, file, photo). */
  field: string;
  replacingPhoto?: boolean;
};

/**
 * Refuses (422 under `field`) when one more file of `bytes` would pass the quota. Run it before a file is received
 * (bytes 0: an account already at its limit is told at once, nothing is stored), and again with
 * `lockUploadQuota` in the transaction that records the file.
 */
export async function assertUploadQuota(db: DbOrTx, check: QuotaCheck) {
  const usage = await findUploadUsage(db, check.customerId, check.replacingPhoto ?? false);
  if (usage.files + 1 > check.quota.files || usage.bytes + check.bytes > check.quota.bytes)
    throw fieldError(check.field, UPLOAD_QUOTA_TEXT);
}

/**
 * The binding check, inside the transaction that records the upload: locks the customer's row first, so parallel
 * uploads of one customer are counted one after another and can never pass the quota together.
 */
export async function lockUploadQuota(tx: DbOrTx, check: QuotaCheck) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, check.customerId))
    .for('update');
  if (!row) throw notFound();
  await assertUploadQuota(tx, check);
}
