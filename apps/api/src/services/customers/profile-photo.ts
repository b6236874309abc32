import { randomBytes } from 'node:crypto';
import { MAX_PHOTO_BYTES, PROFILE_TEXTS, type User } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import type { ClientRow } from '../clients/client-service.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { sniffFileType } from '../storage/sniff.ts';

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

type PhotoDeps = { db: Db; storage: FileStorage };

/**
 * Checks the upload by its content (JPEG or PNG, at most MAX_PHOTO_BYTES; refusals store nothing), stores it
 * under a random server-made key, points the customer at it (row lock, one transaction) and deletes the previous
 * photo after the commit. If the transaction fails the new file is removed again.
 */
export async function saveProfilePhoto(
  deps: PhotoDeps,
  input: { customerId: number; client: ClientRow; bytes: Buffer },
): Promise<ProfilePhoto> {
  if (!input.client.features.profile_photo) throw forbidden();
  if (input.bytes.length > MAX_PHOTO_BYTES) throw fieldError('photo', PROFILE_TEXTS.photoTooLarge);
  const type = sniffFileType(input.bytes);
  if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) {
    throw fieldError('photo', PROFILE_TEXTS.photoType);
  }

  const key = `profile-photos/${input.customerId}/${randomBytes(16).toString('hex')}.${type.extension}`;
  await deps.storage.put(key, input.bytes, type.mime);
  let previous: string | null;
  let saved: PhotoColumns;
  try {
    ({ previous, saved } = await setPhotoPath(deps.db, input.customerId, key));
  } catch (err) {
    await deps.storage.delete(key);
    throw err;
  }
  if (previous && previous !== key) await deps.storage.delete(previous);
  return toProfilePhoto(saved, input.client);
}

/**
 * Points the customer's photo at `path` (null: none) under their row lock, in one transaction. Returns the path it
 * replaced, whose file the caller removes after the commit.
 */
function setPhotoPath(db: Db, customerId: number, path: string | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ path: customers.profilePhotoPath })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!row) throw notFound();
    const [updated] = await tx
      .update(customers)
      .set({ profilePhotoPath: path })
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
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const { profilePhotoPath: key } = await photoColumns(deps.db, input.customerId);
  if (!key || fileNameOf(key) !== input.file) return null;
  return deps.storage.get(key);
}
