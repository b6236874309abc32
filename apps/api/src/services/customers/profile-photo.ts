import type { User } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { customers } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import type { ClientRow } from '../clients/index.ts';
import {
  assertUploadQuota,
  type FileStorage,
  type IncomingFile,
  lockUploadQuota,
  type StoredFile,
  storePhoto,
  type UploadQuota,
} from '../storage/index.ts';

export type ProfilePhoto = User['profile_photo'];
type PhotoColumns = { profilePhotoPath: string | null; profilePhotoReminderDismissed: boolean };

const URL_BASE = '/api/user/profile-photo/';
const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The `profile_photo` block of the user (GET /api/auth/user) and of the photo calls' replies. */
export function toProfilePhoto(customer: PhotoColumns, client: ClientRow): ProfilePhoto {
  const key = customer.profilePhotoPath;
  return {
    url: key ? `${URL_BASE}${fileNameOf(key)}` : null,
    is_set: Boolean(key),
    authorisation: { allowed: client.features.profile_photo },
    reminder: { dismissed: customer.profilePhotoReminderDismissed },
  };
}

async function photoColumns(db: DbOrTx, customerId: number): Promise<PhotoColumns> {
  const [row] = await db
    .select({
      profilePhotoPath: customers.profilePhotoPath,
      profilePhotoReminderDismissed: customers.profilePhotoReminderDismissed,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw notFound();
  return row;
}

export async function findProfilePhoto(db: DbOrTx, customerId: number, client: ClientRow) {
  return toProfilePhoto(await photoColumns(db, customerId), client);
}

type PhotoDeps = { db: Db; storage: FileStorage; quota: UploadQuota };

/**
 * Receives a photo as it streams in: an account at its upload quota is refused first (the current photo does not
 * count, a new one replaces it); then the photo is re-encoded without metadata and stored under a random
 * server-made key (storePhoto: JPEG or PNG, at most MAX_PHOTO_BYTES; refusals store nothing). The customer is
 * pointed at it in one transaction that locks their row and checks the quota with the stored size; the previous
 * photo is deleted after the commit, the new file if the transaction fails.
 */
export async function saveProfilePhoto(
  deps: PhotoDeps,
  input: { customerId: number; client: ClientRow; file: IncomingFile },
): Promise<ProfilePhoto> {
  if (!input.client.features.profile_photo) throw forbidden();
  const check = { customerId: input.customerId, quota: deps.quota, field: 'photo', replacingPhoto: true };
  await assertUploadQuota(deps.db, { ...check, bytes: 0 });
  const stored = await storePhoto(deps.storage, input.file, { customerId: input.customerId });
  let previous: string | null;
  let saved: PhotoColumns;
  try {
    ({ previous, saved } = await setPhotoPath(deps.db, input.customerId, stored, {
      ...check,
      bytes: stored.size,
    }));
  } catch (err) {
    await deps.storage.delete(stored.key);
    throw err;
  }
  if (previous && previous !== stored.key) await deps.storage.delete(previous);
  return toProfilePhoto(saved, input.client);
}

/**
 * Points the customer's photo at `photo` (null: none) under their row lock, in one transaction (checking the upload
 * quota first when a photo is set). Returns the path it replaced, whose file the caller removes after the commit.
 */
function setPhotoPath(
  db: Db,
  customerId: number,
  photo: { key: string; size: number } | null,
  quota?: Parameters<typeof lockUploadQuota>[1],
) {
  return transactionRetried(db, async (tx) => {
    const [row] = await tx
      .select({ path: customers.profilePhotoPath })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!row) throw notFound();
    if (quota) await lockUploadQuota(tx, quota);
    const [updated] = await tx
      .update(customers)
      .set({ profilePhotoPath: photo?.key ?? null, profilePhotoBytes: photo?.size ?? null })
      .where(eq(customers.id, customerId))
      .returning({
        profilePhotoPath: customers.profilePhotoPath,
        profilePhotoReminderDismissed: customers.profilePhotoReminderDismissed,
      });
    return { previous: row.path, saved: updated! };
  });
}

/** Removes the caller's photo (the file after the commit). Deleting when none is set is not an error. */
export async function deleteProfilePhoto(
  deps: PhotoDeps,
  input: { customerId: number; client: ClientRow },
): Promise<ProfilePhoto> {
  const { previous, saved } = await setPhotoPath(deps.db, input.customerId, null);
  if (previous) await deps.storage.delete(previous);
  return toProfilePhoto(saved, input.client);
}

/** Remembers that the caller dismissed the 'Add a profile photo' reminder. */
export async function dismissPhotoReminder(db: Db, input: { customerId: number; client: ClientRow }) {
  const [updated] = await db
    .update(customers)
    .set({ profilePhotoReminderDismissed: true })
    .where(eq(customers.id, input.customerId))
    .returning({
      profilePhotoPath: customers.profilePhotoPath,
      profilePhotoReminderDismissed: customers.profilePhotoReminderDismissed,
    });
  if (!updated) throw notFound();
  return toProfilePhoto(updated, input.client);
}

/**
 * The caller's own current photo by its file name (the url's last segment); null for anything else (another
 * customer's file, an old photo, a guessed name), so the route answers 404 without saying why.
 */
export async function findProfilePhotoFile(
  deps: PhotoDeps,
  input: { customerId: number; file: string },
): Promise<StoredFile | null> {
  const { profilePhotoPath: key } = await photoColumns(deps.db, input.customerId);
  if (!key || fileNameOf(key) !== input.file) return null;
  return deps.storage.get(key);
}
