// Set-up and helpers shared by the uploads-*.int.test.ts files: students who upload, multipart bodies, test files,
// and the storage drivers the uploads are tried on.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/client.ts';
import type { FileStorage } from '../src/services/storage/file-storage.ts';
import { LocalDiskStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  createClient,
  createCustomer,
  createFreezeType,
  createMembership,
  createStudentMembershipType,
  createVenue,
  type Session,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';
import { startS3Server } from './s3-server.ts';

export const NOW = new Date('2026-11-22T10:00:00Z');

/**
 * One test file's fresh database (`t`, to build its apps on) with the operator of `createStudents`, and its helpers.
 * Call once per file.
 */
export async function uploadsTestbed() {
  const t = await setupTestDatabase();
  return { t, ...(await createStudents(t.db)) };
}

/**
 * The operator with a venue, a Student membership type (proved with a student ID card) and a medical freeze that
 * asks for proof; `createStudent` makes a member, and `documentForm` and `uploadDocument` send a student card.
 */
async function createStudents(db: Db) {
  const client = await createClient(db);
  const home = await createVenue(db, { clientId: client.id });
  const {
    criterion: student,
    card,
    type: studentType,
    option,
  } = await createStudentMembershipType(db, { clientId: client.id });
  const medical = await createFreezeType(db, {
    clientId: client.id,
    reason: 'Medical',
    timePeriods: [1],
    proofDocumentTypeId: card.id,
    proofDescription: 'A note.',
  });

  let refs = 0;
  /** A customer with an active monthly student membership (which takes eligibility documents and may freeze). */
  async function createStudent() {
    const customer = await createCustomer(db, {
      clientId: client.id,
      homeVenueId: home.id,
      billingDay: 1,
      hasInstruction: true,
    });
    const m = await createMembership(db, {
      customerId: customer.id,
      membershipTypeId: studentType.id,
      paymentOptionId: option.id,
      homeVenueId: home.id,
      reference: `M-U${++refs}`,
      startDate: '2026-06-01',
      nextPaymentDate: '2026-12-01',
      price: 2200,
    });
    return { customer, membership: m, session: await sessionFor(db, customer.id) };
  }

  const documentForm = (membershipId: number, name = 'card.pdf', type = 'application/pdf') =>
    multipart(
      {
        eligibility_document_type_id: card.id,
        membership_id: membershipId,
        eligibility_criterion_id: student.id,
      },
      { field: 'document', name, type },
    );

  const uploadDocument = (
    app: FastifyInstance,
    who: { session: Session; membership: { id: number } },
    bytes: Buffer,
    name?: string,
    type?: string,
  ) =>
    send(app, who.session, '/api/eligibility/document', documentForm(who.membership.id, name, type), bytes);

  return { student, card, medical, createStudent, documentForm, uploadDocument };
}

/** A multipart body with text fields before the file and, optionally, more after it (as the web app sends). */
export function multipart(
  fields: Record<string, string | number>,
  file: { field: string; name: string; type: string },
  fieldsAfter: Record<string, string | number> = {},
) {
  const boundary = `----fh${Math.random().toString(16).slice(2)}`;
  const field = ([name, value]: [string, string | number]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.concat([
    ...Object.entries(fields).map(field),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
  ]);
  return {
    head,
    tail: Buffer.concat([
      Buffer.from('\r\n'),
      ...Object.entries(fieldsAfter).map(field),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function send(
  app: FastifyInstance,
  session: Session,
  url: string,
  form: ReturnType<typeof multipart>,
  bytes: Buffer,
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers, 'content-type': form.contentType },
    payload: Buffer.concat([form.head, bytes, form.tail]),
  });
}
export const uploadPhoto = (
  app: FastifyInstance,
  session: Session,
  bytes: Buffer,
  name = 'me.jpg',
  type = 'image/jpeg',
) => send(app, session, '/api/user/profile-photo', multipart({}, { field: 'photo', name, type }), bytes);

export const pdf = (size: number) => {
  const start = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n');
  return Buffer.concat([start, Buffer.alloc(size - start.length, 0x20)]);
};

/** A real JPEG taken 'sideways' (EXIF orientation 6) with a camera make and GPS position in its EXIF. */
export const GPS_JPEG = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c33' } })
  .jpeg()
  .withExif({
    IFD0: { Make: 'FieldhouseCam' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '53/1 47/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '1/1 32/1 0/1',
    },
  })
  .withMetadata({ orientation: 6 })
  .toBuffer();

type Driver = {
  name: string;
  start: () => Promise<{ storage: FileStorage; count: () => Promise<number>; close: () => Promise<void> }>;
};
export const drivers: Driver[] = [
  {
    name: 'local disk',
    start: async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'fh-uploads-'));
      const count = async () =>
        (await readdir(root, { recursive: true, withFileTypes: true })).filter(
          (e) => e.isFile() && !e.name.endsWith('.type'),
        ).length;
      return {
        storage: new LocalDiskStorage(root),
        count,
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    start: async () => {
      const s3 = await startS3Server();
      const count = async () =>
        (
          await s3.storage.client.send(
            new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: s3.options.prefix }),
          )
        ).KeyCount ?? 0;
      return { storage: s3.storage, count, close: s3.close };
    },
  },
];
