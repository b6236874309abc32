import { UPLOAD_QUOTA_TEXT } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eligibilityDocuments, freezeRequests } from '../src/db/schema.ts';
import type { FileStorage } from '../src/services/storage/file-storage.ts';
import {
  drivers,
  GPS_JPEG,
  multipart,
  NOW,
  pdf,
  send,
  uploadPhoto,
  uploadsTestbed,
} from './uploads.fixtures.ts';

const { t, medical, createStudent, uploadDocument } = await uploadsTestbed();

describe.each(drivers)('uploads on $name', ({ start }) => {
  let storage: FileStorage;
  let count: () => Promise<number>;
  let close: () => Promise<void>;
  let limited: FastifyInstance;
  beforeAll(async () => {
    ({ storage, count, close } = await start());
    limited = await t.buildTestApp({ uploadQuota: { files: 3, bytes: 50_000 } }, { now: () => NOW, storage });
  });
  afterAll(() => close());

  it('refuses uploads past the per-customer quota (files, then bytes) with a 422 and stores nothing more', async () => {
    const me = await createStudent();
    const quota = { message: UPLOAD_QUOTA_TEXT };
    // A photo, a freeze proof and a document make three files.
    expect((await uploadPhoto(limited, me.session, GPS_JPEG)).statusCode).toBe(201);
    expect((await uploadDocument(limited, me, pdf(1000))).statusCode).toBe(201);
    const freeze = multipart(
      { freeze_type_id: medical.id, active_from: '2026-12-01', months: 1 },
      {
        field: 'file',
        name: 'note.pdf',
        type: 'application/pdf',
      },
    );
    const frozen = await send(
      limited,
      me.session,
      `/api/user/memberships/${me.membership.id}/freeze`,
      freeze,
      pdf(1000),
    );
    expect(frozen.statusCode, frozen.body).toBe(201);
    expect(
      (await t.db.select().from(freezeRequests).where(eq(freezeRequests.customerId, me.customer.id)))[0]!
        .sizeBytes,
    ).toBe(1000);
    const stored = await count();
    const fourth = await uploadDocument(limited, me, pdf(1000));
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json()).toEqual({ ...quota, errors: { document: [UPLOAD_QUOTA_TEXT] } });
    // Replacing the photo is allowed: the new one takes the old one's place.
    expect((await uploadPhoto(limited, me.session, GPS_JPEG)).statusCode).toBe(201);
    expect(await count()).toBe(stored);

    // Bytes: 50,000 in all. One 45,000-byte document fits, a second does not (checked with its real size).
    const other = await createStudent();
    expect((await uploadDocument(limited, other, pdf(45_000))).statusCode).toBe(201);
    const before = await count();
    const over = await uploadDocument(limited, other, pdf(6_000));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ ...quota, errors: { document: [UPLOAD_QUOTA_TEXT] } });
    const photo = await uploadPhoto(
      limited,
      other.session,
      await sharp({
        create: {
          width: 200,
          height: 200,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer(),
      'me.png',
      'image/png',
    );
    expect(photo.statusCode).toBe(422);
    expect(photo.json()).toEqual({ ...quota, errors: { photo: [UPLOAD_QUOTA_TEXT] } });
    expect(await count()).toBe(before);
  });

  it('parallel uploads of one customer never pass the quota together', async () => {
    const me = await createStudent();
    const before = await count();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => uploadDocument(limited, me, pdf(2_000))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json().message).toBe(UPLOAD_QUOTA_TEXT);
    expect(
      await t.db
        .select()
        .from(eligibilityDocuments)
        .where(eq(eligibilityDocuments.customerId, me.customer.id)),
    ).toHaveLength(3);
    expect(await count()).toBe(before + 3);
  });
});
