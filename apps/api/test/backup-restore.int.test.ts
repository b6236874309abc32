// npm run backup and npm run restore (decision 067, docs/backups.md) on PostgreSQL: a populated database and its
// files backed up, restored into an empty database and an empty file store, and the app started on the copy.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookingsReply, userReply } from '@fieldhouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { runBackupCommand } from '../src/cli/backup-command.ts';
import { FILE_COLUMNS, type Manifest } from '../src/cli/backup-parts.ts';
import { runRestoreCommand } from '../src/cli/restore-command.ts';
import type { S3Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { eligibilityDocuments } from '../src/db/schema.ts';
import { LocalDiskStorage } from '../src/services/storage/local-disk-storage.ts';
import { adminQuery, dropDatabase, withDatabaseName } from './db-template.ts';
import { createBooking, createSession, createVenue, login, TEST_PASSWORD, testConfig } from './helper.ts';
import { startS3Server } from './s3-server.ts';
import { GPS_JPEG, NOW, pdf, uploadPhoto, uploadsTestbed } from './uploads.fixtures.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl)
  console.log('backup-restore.int.test.ts: PostgreSQL only (pg_dump, pg_restore); skipped on PGlite.');

/**
 * The source: a member with a student membership, an eligibility document, a profile photo and a booking, made
 * through the API (the uploads) and the factories, on local disk storage; and where the copy goes.
 */
async function populate(adminUrl: string) {
  const { t, createStudent, uploadDocument } = await uploadsTestbed();
  const work = await mkdtemp(path.join(tmpdir(), 'fh-backup-'));
  const folders = {
    sourceFiles: path.join(work, 'source-files'),
    backup: path.join(work, 'backup'),
  };
  // The copy's files go to an S3 bucket (s3rver): the backup is the same whichever store it came from or goes to.
  const bucket = await startS3Server();
  const target = `fh_t_${process.pid}_restore_${randomBytes(4).toString('hex')}`;
  const targetUrl = withDatabaseName(adminUrl, target);
  const opened: { app?: FastifyInstance; database?: Database } = {};
  afterAll(async () => {
    await opened.app?.close();
    await opened.database?.close();
    await dropDatabase(adminUrl, target);
    await rm(work, { recursive: true, force: true });
    await bucket.close();
  });

  const source = await t.buildTestApp(
    {},
    { now: () => NOW, storage: new LocalDiskStorage(folders.sourceFiles) },
  );
  const me = await createStudent();
  const card = pdf(3000);
  expect((await uploadDocument(source, me, card)).statusCode).toBe(201);
  expect((await uploadPhoto(source, me.session, GPS_JPEG)).statusCode).toBe(201);
  const venue = await createVenue(t.db, { clientId: me.customer.clientId, name: 'Restored Leisure Centre' });
  const spin = await createSession(t.db, {
    venueId: venue.id,
    startsAt: new Date(NOW.getTime() + 2 * 86_400_000),
    name: 'Spin',
  });
  await createBooking(t.db, { customerId: me.customer.id, sessionId: spin.session.id });
  const [document] = await t.db
    .select()
    .from(eligibilityDocuments)
    .where(eq(eligibilityDocuments.customerId, me.customer.id));

  /** What the member sees: their future bookings, their document's bytes and their photo's. */
  async function memberView(app: FastifyInstance) {
    const session = await login(app, { email: me.customer.email!, password: TEST_PASSWORD });
    const get = (url: string) => app.inject({ method: 'GET', url, headers: session.headers });
    const bookings = bookingsReply.parse((await get('/api/bookings?filter=future')).json()).data;
    const documentFile = await get(`/api/eligibility/document/${document!.id}/file`);
    const photo = userReply.parse((await get('/api/auth/user')).json()).data.profile_photo;
    const photoFile = await get(photo.url!);
    return {
      bookings: bookings.map((b) => [b.name, b.venue_name]),
      document: [documentFile.statusCode, documentFile.headers['content-type'], documentFile.rawPayload],
      photo: [photoFile.statusCode, photoFile.headers['content-type'], photoFile.rawPayload],
    };
  }
  const seen = await memberView(source);
  const config = (url: string, files: { storageDir: string } | { s3: S3Config }) => ({
    database: { kind: 'postgres' as const, url },
    s3: null,
    storageDir: null,
    ...files,
  });

  return { t, folders, bucket, target, targetUrl, opened, card, document, memberView, seen, config };
}

describe.skipIf(!adminUrl)('backup and restore on PostgreSQL', async () => {
  // vitest runs a skipped describe's body too, to collect its tests: the set-up only on PostgreSQL.
  const { t, folders, bucket, target, targetUrl, opened, card, document, memberView, seen, config } = adminUrl
    ? await populate(adminUrl)
    : ({} as Awaited<ReturnType<typeof populate>>);

  it('backs up the database and every file it names, with a manifest of versions, counts and checksums', async () => {
    const lines: string[] = [];
    const code = await runBackupCommand(
      ['--out', folders.backup],
      config(t.database.url!, { storageDir: folders.sourceFiles }),
      (line) => lines.push(line),
    );
    expect(code, lines.join('\n')).toBe(0);
    const manifest = JSON.parse(
      await readFile(path.join(folders.backup, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest).toMatchObject({
      format: 'fieldhouse-backup',
      database: { kind: 'postgres', file: 'database.dump', server_version: expect.stringMatching(/^\d+/) },
      counts: { customers: 1, bookings: 1, eligibility_documents: 1 },
      files: { storage: 'local', count: 2, missing: [] },
    });
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    const sums = await readFile(path.join(folders.backup, 'files.sha256'), 'utf8');
    expect(sums.trim().split('\n')).toHaveLength(2);
    expect(sums).toContain(document!.storageKey);
  });

  it('restores into an empty database and an S3 bucket, where the member logs in and sees their booking and files', async () => {
    await adminQuery(adminUrl!, `create database ${target}`);
    const lines: string[] = [];
    const code = await runRestoreCommand(
      ['--from', folders.backup],
      config(targetUrl, { s3: bucket.options }),
      (line) => lines.push(line),
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(/matches this version/);

    opened.database = await openDatabase({ kind: 'postgres', url: targetUrl });
    opened.app = await buildApp({
      config: testConfig(),
      database: opened.database,
      logger: { level: 'error', stream: { write: (line: string) => console.error(line) } },
      mailSender: null,
      now: () => NOW,
      storage: bucket.storage,
    });
    const restored = await memberView(opened.app);
    expect(restored.bookings).toEqual([['Spin', 'Restored Leisure Centre']]);
    expect(restored.document).toEqual([200, 'application/pdf', card]);
    expect(restored).toEqual(seen);
  });

  it('backs up the copy from its bucket to the same files and checksums', async () => {
    const again = path.join(folders.backup, '..', 'backup-of-the-copy');
    const lines: string[] = [];
    const code = await runBackupCommand(['--out', again], config(targetUrl, { s3: bucket.options }), (line) =>
      lines.push(line),
    );
    expect(code, lines.join('\n')).toBe(0);
    const sums = (folder: string) => readFile(path.join(folder, 'files.sha256'), 'utf8');
    expect(await sums(again)).toBe(await sums(folders.backup));
    const manifest = JSON.parse(await readFile(path.join(again, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.files).toMatchObject({ storage: 's3', count: 2, missing: [] });
  });

  it('refuses to restore into a database that is not empty, changing nothing', async () => {
    const lines: string[] = [];
    const code = await runRestoreCommand(
      ['--from', folders.backup],
      config(targetUrl, { s3: bucket.options }),
      (line) => lines.push(line),
    );
    expect(code).toBe(2);
    expect(lines.at(-1)).toMatch(/^Restore failed: The database in DATABASE_URL is not empty .* add --force/);
    expect((await memberView(opened.app!)).bookings).toEqual([['Spin', 'Restored Leisure Centre']]);
  });

  it('with --force restores over it: what the backup holds replaces what is there', async () => {
    await opened.database!.db.execute(sql`delete from bookings`);
    expect((await memberView(opened.app!)).bookings).toEqual([]);
    const lines: string[] = [];
    const code = await runRestoreCommand(
      ['--from', folders.backup, '--force'],
      config(targetUrl, { s3: bucket.options }),
      (line) => lines.push(line),
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(await memberView(opened.app!)).toEqual(seen);
  });

  it('backs up the files of every column that names a stored file', async () => {
    const columns = await t.db.execute(
      // Columns named like a file's key or path: each must be in FILE_COLUMNS, or its files would not be backed up.
      sql.raw(`select table_name, column_name from information_schema.columns where table_schema = 'public'
         and (column_name like '%storage_key%' or column_name like '%\\_path' or column_name like '%file\\_key%')
       order by table_name, column_name`),
    );
    const found = (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
    expect(found.map((c) => ({ table: c.table_name, column: c.column_name }))).toEqual(
      [...FILE_COLUMNS].sort((a, b) => a.table.localeCompare(b.table)),
    );
  });
});
