import type { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { PROFILE_TEXTS, profilePhotoReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import type { FileStorage } from '../src/services/storage/file-storage.ts';
import { drivers, GPS_JPEG, NOW, uploadPhoto, uploadsTestbed } from './uploads.fixtures.ts';

const { t, createStudent } = await uploadsTestbed();

/** A valid, tiny (about 50 KB) PNG of width × height black pixels. */
function greyPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

  it('re-encodes a profile photo upright with no EXIF or GPS left in the stored bytes', async () => {
    const before = await sharp(GPS_JPEG).metadata();
    expect(before).toMatchObject({ width: 60, height: 40, orientation: 6 });
    expect(before.exif?.includes('FieldhouseCam')).toBe(true);
    // The GPS IFD pointer tag (0x8825) is in the EXIF (big- or little-endian).
    expect(
      before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88])),
    ).toBe(true);
    const me = await createStudent();
    const res = await uploadPhoto(app, me.session, GPS_JPEG);
    expect(res.statusCode, res.body).toBe(201);
    const photo = profilePhotoReply.parse(res.json()).data;
    const [row] = await t.db.select().from(customers).where(eq(customers.id, me.customer.id));
    const stored = await storage.get(row!.profilePhotoPath!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body as Readable) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(row!.profilePhotoBytes).toBe(bytes.length);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes('Exif')).toBe(false);
    expect(bytes.includes('FieldhouseCam')).toBe(false);
    // What the owner is served is those same clean bytes.
    const served = await app.inject({ method: 'GET', url: photo.url!, headers: me.session.headers });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a photo that only looks like a JPEG by its first bytes (sharp cannot decode it), storing nothing', async () => {
    const me = await createStudent();
    const before = await count();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await uploadPhoto(app, me.session, fake);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo: [PROFILE_TEXTS.photoType] });
    expect(await count()).toBe(before);
  });

  it('refuses a photo of more pixels than it may decode (a 49-megapixel decompression bomb of 50 KB), storing nothing', async () => {
    const me = await createStudent();
    const before = await count();
    const res = await uploadPhoto(app, me.session, greyPng(7_000, 7_000), 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo: [PROFILE_TEXTS.photoType] });
    expect(await count()).toBe(before);
  });
});
