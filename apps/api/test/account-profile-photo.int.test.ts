import { MAX_PHOTO_BYTES, PROFILE_TEXTS, profilePhotoReply, userReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import { accountProfileTestbed } from './account-profile.fixtures.ts';
import { createClient, createCustomer, login, type Session } from './helper.ts';

const { t, client, storage, app, call } = await accountProfileTestbed();

const me = await createCustomer(t.db, { clientId: client.id, firstName: 'Alex', lastName: 'Morgan' });
const other = await createCustomer(t.db, { clientId: client.id });
const mine = await login(app, me);
const theirs = await login(app, other);

// ---------------------------------------------------------------------------------------------------------------
// Files

// Real images: photos are decoded and re-encoded (sharp), so bytes that only start like a JPEG are refused.
const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } });
const JPEG = await picture.clone().jpeg().toBuffer();
const PNG = await picture.clone().png().toBuffer();
/** A real JPEG made exactly `total` bytes long with comment (COM) segments after its start marker. */
function paddedJpeg(total: number) {
  const segments: Buffer[] = [];
  let missing = total - JPEG.length;
  while (missing > 0) {
    // Up to 65,533 bytes of comment per segment; never leave less than a segment's 4-byte header to fill.
    const payload = missing <= 65_537 ? missing - 4 : missing - 65_537 < 4 ? 60_000 : 65_533;
    const segment = Buffer.alloc(4 + payload, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(payload + 2, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([JPEG.subarray(0, 2), ...segments, JPEG.subarray(2)]);
}
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(500, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(500, 0)]);

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----fh${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (
  who: Session,
  bytes: Buffer,
  { filename = 'photo.jpg', type = 'image/jpeg', field = 'photo', target = app } = {},
) => {
  const form = multipart(field, filename, type, bytes);
  return target.inject({
    method: 'POST',
    url: '/api/user/profile-photo',
    headers: { ...who.headers, 'content-type': form.contentType },
    payload: form.body,
  });
};

const userOf = async (who: Session) =>
  userReply.parse((await call(who, 'GET', '/api/auth/user')).json()).data;

describe('profile photo', () => {
  it('stores a JPEG under a server-made key, serves it to its owner only, replaces and deletes it', async () => {
    expect((await userOf(mine)).profile_photo).toEqual({
      url: null,
      is_set: false,
      authorisation: { allowed: true },
      reminder: { dismissed: false },
    });
    const before = storage.size;
    const response = await upload(mine, JPEG, { filename: '../../etc/passwd.jpg' });
    expect(response.statusCode, response.body).toBe(201);
    const photo = profilePhotoReply.parse(response.json()).data;
    expect(photo).toMatchObject({ is_set: true, authorisation: { allowed: true } });
    expect(photo.url).toMatch(/^\/api\/user\/profile-photo\/[a-f0-9]{32}\.jpg$/);
    expect(storage.size).toBe(before + 1);
    expect((await userOf(mine)).profile_photo.url).toBe(photo.url);

    const image = await call(mine, 'GET', photo.url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('private');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // The photo is served as stored: re-encoded from the upload (same picture, no metadata).
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    // Another customer, a guessed name, no session: 404 / 401.
    expect((await call(theirs, 'GET', photo.url!)).statusCode).toBe(404);
    expect((await call(mine, 'GET', '/api/user/profile-photo/0123456789abcdef.jpg')).statusCode).toBe(404);
    expect((await call(mine, 'GET', '/api/user/profile-photo/..%2F..%2Fsecret.jpg')).statusCode).not.toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: photo.url! })).statusCode).toBe(401);

    // A PNG replaces it: the old file is deleted after the commit.
    const replaced = await upload(mine, PNG, { filename: 'me.png', type: 'image/png' });
    expect(replaced.statusCode).toBe(201);
    const png = profilePhotoReply.parse(replaced.json()).data;
    expect(png.url).toMatch(/\.png$/);
    expect(storage.size).toBe(before + 1);
    expect((await call(mine, 'GET', photo.url!)).statusCode).toBe(404);
    expect((await call(mine, 'GET', png.url!)).headers['content-type']).toBe('image/png');

    const deleted = await call(mine, 'DELETE', '/api/user/profile-photo');
    expect(deleted.statusCode).toBe(200);
    expect(profilePhotoReply.parse(deleted.json()).data).toMatchObject({ url: null, is_set: false });
    expect(storage.size).toBe(before);
    expect((await call(mine, 'GET', png.url!)).statusCode).toBe(404);
    expect((await call(mine, 'DELETE', '/api/user/profile-photo')).statusCode).toBe(200);
  });

  it('refuses a photo over 5,000,000 bytes, a GIF and an executable named .jpg, storing nothing', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(app, customer);
    const before = storage.size;
    const tooBig = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(MAX_PHOTO_BYTES - 3, 1)]);
    expect(tooBig.length).toBe(MAX_PHOTO_BYTES + 1);
    const cases = [
      { bytes: tooBig, message: PROFILE_TEXTS.photoTooLarge },
      { bytes: GIF, filename: 'cat.gif', type: 'image/gif', message: PROFILE_TEXTS.photoType },
      { bytes: EXE, filename: 'photo.jpg', type: 'image/jpeg', message: PROFILE_TEXTS.photoType },
      { bytes: Buffer.alloc(0), message: PROFILE_TEXTS.photoType },
      { bytes: JPEG, field: 'document', message: PROFILE_TEXTS.photoType },
    ];
    for (const { message, ...input } of cases) {
      const response = await upload(who, input.bytes, input);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ message, errors: { photo: [message] } });
    }
    // Exactly the limit is fine.
    const atLimit = paddedJpeg(MAX_PHOTO_BYTES);
    expect(atLimit.length).toBe(MAX_PHOTO_BYTES);
    expect(storage.size).toBe(before);
    expect((await userOf(who)).profile_photo.is_set).toBe(false);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.profilePhotoPath).toBeNull();
    expect((await upload(who, atLimit)).statusCode).toBe(201);
    expect(storage.size).toBe(before + 1);
    // Not multipart at all.
    expect((await call(who, 'POST', '/api/user/profile-photo', { photo: 'x' })).statusCode).toBe(415);
  });

  it('remembers a dismissed reminder on the server', async () => {
    const response = await call(mine, 'PUT', '/api/user/profile-photo/reminder', { dismissed: true });
    expect(response.statusCode).toBe(200);
    expect(profilePhotoReply.parse(response.json()).data.reminder).toEqual({ dismissed: true });
    expect((await userOf(mine)).profile_photo.reminder.dismissed).toBe(true);
    expect((await userOf(theirs)).profile_photo.reminder.dismissed).toBe(false);
    expect(
      (await call(mine, 'PUT', '/api/user/profile-photo/reminder', { dismissed: false })).statusCode,
    ).toBe(422);
  });

  it("answers 403 while the client's profile_photo feature is off", async () => {
    const offClient = await createClient(t.db, {
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: false,
      },
    });
    const offApp = await t.buildTestApp({ clientId: offClient.id }, { storage });
    const customer = await createCustomer(t.db, { clientId: offClient.id });
    const who = await login(offApp, customer);
    const before = storage.size;
    expect((await upload(who, JPEG, { target: offApp })).statusCode).toBe(403);
    expect(storage.size).toBe(before);
    const user = userReply.parse(
      (await offApp.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers })).json(),
    );
    expect(user.data.profile_photo.authorisation.allowed).toBe(false);
  });
});
