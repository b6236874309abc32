// Helpers shared by the account-profile-*.int.test.ts files: calls as a logged-in customer, and waivers to sign.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { type WaiverAnswer, waiverSignatures, waivers, waiverVersions } from '../src/db/schema.ts';
import type { Session } from './helper.ts';

export const DAY = 86_400_000;

/** A call to `app` as the customer of the session. */
export const callAs =
  (app: FastifyInstance) =>
  (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

// ---------------------------------------------------------------------------------------------------------------
// Waivers

/** Waivers of the client `clientId` (unless told another), their signatures, and the signatures made. */
export function waiverHelpers(db: Db, clientId: number) {
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
