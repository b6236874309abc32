// Set-up and helpers shared by the account-profile-*.int.test.ts files: calls as a logged-in customer, and waivers
// to sign.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { type WaiverAnswer, waiverSignatures, waivers, waiverVersions } from '../src/db/schema.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import { createClient, createVenue, type Session, setupTestDatabase } from './helper.ts';

export const DAY = 86_400_000;

type Venue = Awaited<ReturnType<typeof createVenue>>;

/**
 * One test file's fresh database with a client and a venue of each of `venueNames` (in that order), an app on it for
 * that client (files in `storage`), `call` on that app, and the waiver helpers of the client. Call once per file.
 */
export async function accountProfileTestbed<const Names extends string[]>(...venueNames: Names) {
  const t = await setupTestDatabase();
  const client = await createClient(t.db);
  const venues: Venue[] = [];
  for (const name of venueNames) venues.push(await createVenue(t.db, { clientId: client.id, name }));
  const storage = new MemoryStorage();
  const app = await t.buildTestApp({ clientId: client.id }, { storage });
  const named = venues as { [K in keyof Names]: Venue };
  return { t, client, venues: named, storage, app, call: callAs(app), ...waiverHelpers(t.db, client.id) };
}

/** A call to `app` as the customer of the session. */
const callAs =
  (app: FastifyInstance) =>
  (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

// ---------------------------------------------------------------------------------------------------------------
// Waivers

/** Waivers of the client `clientId` (unless told another), their signatures, and the signatures made. */
function waiverHelpers(db: Db, clientId: number) {
  async function createWaiver(input: {
    clientId?: number;
    title: string;
    type?: 'simple' | 'enhanced-pre-waiver';
    validForMonths?: number | null;
    versions?: string[];
  }) {
    const [waiver] = await db
      .insert(waivers)
      .values({
        clientId: input.clientId ?? clientId,
        restrictionName: input.title.replace(/ waiver$/, ''),
        type: input.type ?? 'simple',
        title: input.title,
        validForMonths: input.validForMonths === undefined ? 12 : input.validForMonths,
      })
      .returning();
    const versions = input.versions ?? ['<p>Take care.</p>'];
    await db.insert(waiverVersions).values(
      versions.map((bodyHtml, i) => ({
        waiverId: waiver!.id,
        version: i + 1,
        bodyHtml,
        questions:
          input.type === 'enhanced-pre-waiver'
            ? [{ id: 1, label: 'Attendee name', type: 'text', reference: 'attendee_name' }]
            : [],
      })),
    );
    return waiver!;
  }

  async function signAs(
    customerId: number,
    waiverId: number,
    values: {
      version?: number;
      signedAt?: Date;
      expiresAt?: Date | null;
      attendeeName?: string;
      answers?: WaiverAnswer[];
    } = {},
  ) {
    const signedAt = values.signedAt ?? new Date(Date.now() - 10 * DAY);
    await db.insert(waiverSignatures).values({
      customerId,
      waiverId,
      version: values.version ?? 1,
      signedAt,
      expiresAt: values.expiresAt === undefined ? new Date(signedAt.getTime() + 365 * DAY) : values.expiresAt,
      attendeeName: values.attendeeName ?? null,
      answers: values.answers ?? [],
    });
  }

  const signaturesOf = (customerId: number, waiverId: number) =>
    db
      .select()
      .from(waiverSignatures)
      .where(and(eq(waiverSignatures.customerId, customerId), eq(waiverSignatures.waiverId, waiverId)));

  return { createWaiver, signAs, signaturesOf };
}
