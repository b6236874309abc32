import { PROFILE_TEXTS, type Waiver, type WaiverEntry } from '@fieldhouse/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  cartItems,
  carts,
  customers,
  type WaiverAnswer,
  waiverSignatures,
  waivers,
  waiverVersions,
} from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { addMonthsToInstant } from '../../lib/local-date.ts';
import { sanitiseHtml } from '../../lib/sanitise-html.ts';
import { venueDatePretty, venueDayMonthYear, venueFullDate } from '../../lib/venue-time.ts';

/**
 * Waivers (joining §2 Waivers, §3 Waiver entry, §7).
 *
 * Which waivers a customer sees (the rule): every waiver they hold a signature of that has not expired, plus,
 * unsigned (`signed` null) so they can sign it, every waiver of the client that an activity in their open basket or
 * in one of their upcoming bookings needs and that they hold no unexpired signature of. Expired signatures are
 * left out. The waiver page and signing answer 404 for any other waiver (another client's, or one the caller
 * neither signed nor needs), so another customer's signatures are never reachable.
 *
 * A signature of any version counts for checkout until it expires (`valid_for_months` after signing, or never);
 * the page offers the latest version to sign when the caller signed only an older one.
 */

export const ATTENDEE_NAME_REFERENCE = 'attendee_name';

type WaiverRow = typeof waivers.$inferSelect;
type SignatureRow = typeof waiverSignatures.$inferSelect;
type VersionRow = typeof waiverVersions.$inferSelect;
type Context = { customerId: number; clientId: number; timeZone: string; now: Date };

const isValid = (s: SignatureRow, now: Date) => s.expiresAt === null || s.expiresAt.getTime() > now.getTime();

/** Waivers the caller needs now: those of activities in their open basket or their upcoming bookings. */
export async function findNeededWaiverIds(db: DbOrTx, ctx: Context): Promise<Set<number>> {
  const inBasket = await db
    .selectDistinct({ waiverId: activities.waiverId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(activitySessions, eq(activitySessions.id, cartItems.sessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(
      and(eq(carts.customerId, ctx.customerId), eq(carts.status, 'open'), isNotNull(activities.waiverId)),
    );
  const booked = await db
    .selectDistinct({ waiverId: activities.waiverId })
    .from(bookings)
    .innerJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(
      and(
        eq(bookings.customerId, ctx.customerId),
        eq(bookings.status, 'booked'),
        gt(activitySessions.startsAt, ctx.now),
        isNotNull(activities.waiverId),
      ),
    );
  return new Set([...inBasket, ...booked].map((r) => r.waiverId!));
}

async function findVersions(db: DbOrTx, waiverIds: number[]): Promise<Map<number, VersionRow[]>> {
  const byWaiver = new Map<number, VersionRow[]>();
  if (!waiverIds.length) return byWaiver;
  const rows = await db
    .select()
    .from(waiverVersions)
    .where(inArray(waiverVersions.waiverId, waiverIds))
    .orderBy(asc(waiverVersions.waiverId), desc(waiverVersions.version));
  for (const row of rows) byWaiver.set(row.waiverId, [...(byWaiver.get(row.waiverId) ?? []), row]);
  return byWaiver;
}

const prettyDate = (instant: Date, zone: string) => ({
  full_date: venueFullDate(instant, zone),
  raw_pretty: venueDatePretty(instant, zone),
});

const bodyOf = (versions: VersionRow[] | undefined, version?: number) => {
  const row = version === undefined ? versions?.[0] : versions?.find((v) => v.version === version);
  return sanitiseHtml(row?.bodyHtml ?? '');
};

const questionsOf = (answers: WaiverAnswer[], withAttendeeName: boolean) =>
  answers
    .filter((a) => withAttendeeName || a.question.reference !== ATTENDEE_NAME_REFERENCE)
    .map((a) => ({ question: a.question, answers: a.answers }));

/** GET /api/my-account/user/waivers: the caller's waivers grouped per waiver (see the rule above). */
export async function findCustomerWaivers(db: DbOrTx, ctx: Context): Promise<WaiverEntry[]> {
  const signed = await db
    .select({ signature: waiverSignatures, waiver: waivers })
    .from(waiverSignatures)
    .innerJoin(waivers, eq(waivers.id, waiverSignatures.waiverId))
    .where(and(eq(waiverSignatures.customerId, ctx.customerId), eq(waivers.clientId, ctx.clientId)))
    .orderBy(desc(waiverSignatures.signedAt), desc(waiverSignatures.id));
  const valid = signed.filter((r) => isValid(r.signature, ctx.now));
  const needed = await findNeededWaiverIds(db, ctx);
  const validWaiverIds = new Set(valid.map((r) => r.waiver.id));
  const unsignedIds = [...needed].filter((id) => !validWaiverIds.has(id));
  const unsigned = unsignedIds.length
    ? await db
        .select()
        .from(waivers)
        .where(and(inArray(waivers.id, unsignedIds), eq(waivers.clientId, ctx.clientId)))
    : [];
  const versions = await findVersions(db, [...validWaiverIds, ...unsigned.map((w) => w.id)]);

  const entries = new Map<number, { waiver: WaiverRow; entry: WaiverEntry; attendees: Set<string> }>();
  const entryFor = (waiver: WaiverRow) => {
    let found = entries.get(waiver.id);
    if (!found) {
      found = {
        waiver,
        attendees: new Set(),
        entry: {
          restriction: { id: waiver.id, name: waiver.restrictionName, type: waiver.type },
          waivers: [],
        },
      };
      entries.set(waiver.id, found);
    }
    return found;
  };
  // Newest first: a simple waiver shows its latest signature; an enhanced one its latest per attendee.
  for (const { signature, waiver } of valid) {
    const found = entryFor(waiver);
    const attendeeKey = waiver.type === 'simple' ? '' : (signature.attendeeName ?? '');
    if (found.attendees.has(attendeeKey)) continue;
    found.attendees.add(attendeeKey);
    found.entry.waivers.push({
      id: waiver.id,
      attendee: signature.attendeeName,
      signed: { raw_pretty: venueDatePretty(signature.signedAt, ctx.timeZone) },
      expired: false,
      expires: signature.expiresAt ? { date: prettyDate(signature.expiresAt, ctx.timeZone) } : null,
      terms: bodyOf(versions.get(waiver.id), signature.version),
      questions: questionsOf(signature.answers, true),
    });
  }
  for (const waiver of unsigned) {
    entryFor(waiver).entry.waivers.push({
      id: waiver.id,
      attendee: null,
      signed: null,
      expired: false,
      expires: null,
      terms: bodyOf(versions.get(waiver.id)),
      questions: [],
    });
  }
  return [...entries.values()]
    .sort(
      (a, b) => a.waiver.restrictionName.localeCompare(b.waiver.restrictionName) || a.waiver.id - b.waiver.id,
    )
    .map((e) => e.entry);
}

/** The waiver if the caller may see it (signed it, even if expired, or needs it now); else 404. */
async function findVisibleWaiver(db: DbOrTx, ctx: Context, waiverId: number) {
  const [waiver] = await db
    .select()
    .from(waivers)
    .where(and(eq(waivers.id, waiverId), eq(waivers.clientId, ctx.clientId)));
  if (!waiver) throw notFound(PROFILE_TEXTS.waiverNotFound);
  const signatures = await db
    .select()
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.customerId, ctx.customerId), eq(waiverSignatures.waiverId, waiver.id)))
    .orderBy(desc(waiverSignatures.signedAt), desc(waiverSignatures.id));
  const isNeeded = (await findNeededWaiverIds(db, ctx)).has(waiver.id);
  if (!signatures.length && !isNeeded) throw notFound(PROFILE_TEXTS.waiverNotFound);
  const [latest] = (await findVersions(db, [waiver.id])).get(waiver.id) ?? [];
  if (!latest) throw notFound(PROFILE_TEXTS.waiverNotFound);
  return { waiver, signatures, isNeeded, latest };
}

/** GET /api/my-account/user/waivers/:slug: the latest version, and what the caller signed. */
export async function findCustomerWaiver(
  db: DbOrTx,
  ctx: Context,
  waiverId: number,
  attendee?: string,
): Promise<Waiver> {
  const visible = await findVisibleWaiver(db, ctx, waiverId);
  const { waiver, isNeeded, latest } = visible;
  // An enhanced pre-waiver's attendee view shows the named attendee's signatures (404 for a name never signed for).
  const signatures =
    attendee === undefined
      ? visible.signatures
      : visible.signatures.filter((s) => s.attendeeName === attendee);
  if (attendee !== undefined && signatures.length === 0) throw notFound(PROFILE_TEXTS.waiverNotFound);
  const valid = signatures.filter((s) => isValid(s, ctx.now));
  const signedLatest = valid.find((s) => s.version === latest.version);
  // Only expired signatures and nothing needs it: 'This waiver has expired'. Needed again: offered to sign.
  const expired = valid.length === 0 && !isNeeded;
  const shown = valid[0] ?? (expired ? signatures[0] : undefined);
  const zone = ctx.timeZone;
  return {
    id: waiver.id,
    type: waiver.type,
    title: waiver.title,
    body: sanitiseHtml(latest.bodyHtml),
    version: latest.version,
    signed_on: signedLatest ? venueDayMonthYear(signedLatest.signedAt, zone) : null,
    expired,
    expires: shown?.expiresAt ? { date: prettyDate(shown.expiresAt, zone) } : null,
    attendee:
      waiver.type === 'enhanced-pre-waiver' && shown
        ? {
            name: shown.attendeeName ?? '',
            expires: shown.expiresAt ? venueDayMonthYear(shown.expiresAt, zone) : null,
            questions: questionsOf(shown.answers, false),
          }
        : null,
  };
}

/**
 * POST /api/my-account/user/waivers/:slug/sign: records that the caller signed the latest version now (expiring
 * `valid_for_months` later). Signing a version they already hold an unexpired signature of changes nothing. An
 * enhanced pre-waiver signed here is signed for the caller as the attendee (the pre-generated attendee-name
 * answer). One transaction under the customer's row lock, so a double click records one signature.
 */
export async function signWaiver(db: Db, ctx: Context, waiverId: number): Promise<Waiver> {
  await db.transaction(async (tx) => {
    const { waiver } = await findVisibleWaiver(tx, ctx, waiverId);
    await recordLatestSignature(tx, {
      customerId: ctx.customerId,
      waiver,
      now: ctx.now,
      timeZone: ctx.timeZone,
    });
  });
  return findCustomerWaiver(db, ctx, waiverId);
}

/**
 * Records, inside the caller's transaction, that the customer signed the waiver's latest version now (under the
 * customer's row lock, so a double click records one signature). Used by the account's 'I agree' and by checkout
 * when the customer accepts an activity's waiver there (completed_waivers).
 */
export async function recordLatestSignature(
  tx: Tx,
  input: { customerId: number; waiver: typeof waivers.$inferSelect; now: Date; timeZone: string },
): Promise<void> {
  const { customerId, waiver, now, timeZone } = input;
  const [customer] = await tx
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!customer) throw notFound();
  // Read the latest version under the lock (a new version published meanwhile is the one signed).
  const [latest] = await tx
    .select()
    .from(waiverVersions)
    .where(eq(waiverVersions.waiverId, waiver.id))
    .orderBy(desc(waiverVersions.version))
    .limit(1);
  if (!latest) throw notFound(PROFILE_TEXTS.waiverNotFound);
  const attendeeName =
    waiver.type === 'enhanced-pre-waiver' ? `${customer.firstName} ${customer.lastName}` : null;
  const existing = await tx
    .select()
    .from(waiverSignatures)
    .where(
      and(
        eq(waiverSignatures.customerId, customerId),
        eq(waiverSignatures.waiverId, waiver.id),
        eq(waiverSignatures.version, latest.version),
        attendeeName === null
          ? isNull(waiverSignatures.attendeeName)
          : eq(waiverSignatures.attendeeName, attendeeName),
      ),
    );
  if (existing.some((s) => isValid(s, now))) return;
  const nameQuestion = latest.questions.find((q) => q.reference === ATTENDEE_NAME_REFERENCE);
  await tx.insert(waiverSignatures).values({
    customerId,
    waiverId: waiver.id,
    version: latest.version,
    attendeeName,
    answers:
      attendeeName && nameQuestion
        ? [{ question: nameQuestion, answers: [{ id: 1, answer: attendeeName }] }]
        : [],
    signedAt: now,
    expiresAt: waiver.validForMonths ? addMonthsToInstant(now, waiver.validForMonths, timeZone) : null,
  });
}
