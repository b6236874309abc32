import {
  CASH_UP_TENDERS,
  CASH_UP_TEXTS,
  type TillSession,
  VARIANCE_NOTE_THRESHOLD,
} from '@fieldhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { tillAdjustments, tillDayCloses, tillSessions, tills, venues } from '../../../db/schema.ts';
import { fieldError, HttpError, notFound } from '../../../lib/http-errors.ts';
import { formatMoney } from '../../../lib/money.ts';
import { venueDate, venueDateAtTime } from '../../../lib/venue-time.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { inScope, type VenueScope } from '../desk/shared.ts';
import { readTillSessions } from './till-figures.ts';
import { findScopedVenue } from './tills.ts';

type Scoped = { clientId: number; scope: VenueScope; actor: Actor; now: Date };

/** 'YYYY-MM-DD' plus one calendar day. */
export function nextDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** '1 Dec 2026' for a 'YYYY-MM-DD' (the day itself, not an instant in a zone). */
export const prettyDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function dayClosed(tx: DbOrTx, venueId: number, date: string) {
  const [row] = await tx
    .select({ id: tillDayCloses.id })
    .from(tillDayCloses)
    .where(and(eq(tillDayCloses.venueId, venueId), eq(tillDayCloses.businessDate, date)));
  return Boolean(row);
}

export async function findTillSession(
  db: DbOrTx,
  input: { clientId: number; sessionId: number; scope: VenueScope },
) {
  const [session] = await readTillSessions(
    db,
    sql`ts.id = ${input.sessionId} and v.client_id = ${input.clientId}`,
  );
  return session && inScope(input.scope, session.venue_id) ? session : null;
}

/**
 * POST /api/staff/tills/:id/sessions: opens a till with its float (audited `till.open`). The till's row is locked (two
 * staff opening it at once: one session, the other 409), and the venue's row shared, so a day close waits for it.
 * Its day is the venue's today; once today's cash-up is closed, tomorrow's (decision 083).
 */
export async function openTill(
  db: Db,
  input: Scoped & { tillId: number; float: number },
): Promise<TillSession> {
  return transactionRetried(db, async (tx) => {
    const [found] = await tx
      .select({ till: tills, timeZone: venues.timeZone })
      .from(tills)
      .innerJoin(venues, eq(venues.id, tills.venueId))
      .where(and(eq(tills.id, input.tillId), eq(venues.clientId, input.clientId)))
      .for('update', { of: tills });
    if (!found || !inScope(input.scope, found.till.venueId)) throw notFound(CASH_UP_TEXTS.tillNotFound);
    const { till } = found;
    if (till.archivedAt) throw new HttpError(409, CASH_UP_TEXTS.tillArchived);
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, till.venueId)).for('share');
    const [open] = await tx
      .select({ id: tillSessions.id })
      .from(tillSessions)
      .where(and(eq(tillSessions.tillId, till.id), eq(tillSessions.status, 'open')));
    if (open) throw new HttpError(409, CASH_UP_TEXTS.alreadyOpen(till.name));
    const today = venueDate(input.now, found.timeZone);
    const businessDate = (await dayClosed(tx, till.venueId, today)) ? nextDay(today) : today;
    const [session] = await tx
      .insert(tillSessions)
      .values({
        tillId: till.id,
        venueId: till.venueId,
        businessDate,
        float: input.float,
        openedBy: input.actor.staffId!,
        openedAt: input.now,
      })
      .returning();
    await recordAudit(tx, input.actor, input.now, {
      action: 'till.open',
      entity: 'till_session',
      entityId: session!.id,
      before: null,
      after: { till_id: till.id, till_name: till.name, business_date: businessDate, float: input.float },
    });
    const [view] = await readTillSessions(tx, sql`ts.id = ${session!.id}`);
    return view!;
  });
}

async function lockSession(tx: Tx, input: { clientId: number; sessionId: number; scope: VenueScope }) {
  const [found] = await tx
    .select({ session: tillSessions })
    .from(tillSessions)
    .innerJoin(venues, eq(venues.id, tillSessions.venueId))
    .where(and(eq(tillSessions.id, input.sessionId), eq(venues.clientId, input.clientId)))
    .for('update', { of: tillSessions });
  if (!found || !inScope(input.scope, found.session.venueId)) throw notFound(CASH_UP_TEXTS.sessionNotFound);
  return found.session;
}

/**
 * POST /api/staff/till-sessions/:id/close: the count (cash, optionally by denomination; cheques and vouchers with how
 * many) against the expected figures, both frozen on the session with the variance (audited `till.close`). The
 * session's row is locked: two staff closing it at once close it once (the other gets 409), and a payment naming
 * the till either lands before the count or is refused. A variance over £5 either way needs a note.
 */
export async function closeTill(
  db: Db,
  input: Scoped & { sessionId: number; body: ReturnType<typeof normaliseCount> },
): Promise<TillSession> {
  return transactionRetried(db, async (tx) => {
    const locked = await lockSession(tx, input);
    if (locked.status === 'closed') throw new HttpError(409, CASH_UP_TEXTS.alreadyClosed);
    if (await dayClosed(tx, locked.venueId, locked.businessDate))
      throw new HttpError(409, CASH_UP_TEXTS.dayClosed(prettyDay(locked.businessDate)));
    const [live] = await readTillSessions(tx, sql`ts.id = ${locked.id}`);
    const expected = {
      cash: live!.expected.cash.raw,
      cheque: live!.expected.cheque.raw,
      'offline-voucher': live!.expected.voucher.raw,
    };
    const { body } = input;
    const counted = { cash: body.cash, cheque: body.cheques, 'offline-voucher': body.vouchers };
    const variance = Object.fromEntries(
      CASH_UP_TENDERS.map((t) => [t, counted[t] - expected[t]]),
    ) as typeof counted;
    if (!body.note && CASH_UP_TENDERS.some((t) => Math.abs(variance[t]) > VARIANCE_NOTE_THRESHOLD))
      throw fieldError('note', CASH_UP_TEXTS.noteRequired(formatMoney(VARIANCE_NOTE_THRESHOLD)));
    await tx
      .update(tillSessions)
      .set({
        status: 'closed',
        closedBy: input.actor.staffId!,
        closedAt: input.now,
        expectedCash: expected.cash,
        expectedCheques: expected.cheque,
        expectedVouchers: expected['offline-voucher'],
        countedCash: counted.cash,
        countedCheques: counted.cheque,
        countedVouchers: counted['offline-voucher'],
        chequeCount: body.cheque_count,
        voucherCount: body.voucher_count,
        denominations: body.denominations,
        note: body.note ?? null,
      })
      .where(eq(tillSessions.id, locked.id));
    await recordAudit(tx, input.actor, input.now, {
      action: 'till.close',
      entity: 'till_session',
      entityId: locked.id,
      before: { status: 'open' },
      after: {
        till_id: locked.tillId,
        business_date: locked.businessDate,
        expected,
        counted,
        variance,
        cheque_count: body.cheque_count,
        voucher_count: body.voucher_count,
        denominations: body.denominations,
        note: body.note ?? null,
      },
    });
    const [view] = await readTillSessions(tx, sql`ts.id = ${locked.id}`);
    return view!;
  });
}

/** The close's body, checked: the denominations (if given) add up to the cash; blank note → none. */
export function normaliseCount(body: {
  cash: number;
  denominations?: { value: number; count: number }[];
  cheques: number;
  cheque_count: number;
  vouchers: number;
  voucher_count: number;
  note?: string;
}) {
  let denominations: Record<string, number> | null = null;
  if (body.denominations && body.denominations.length > 0) {
    denominations = {};
    for (const d of body.denominations)
      denominations[String(d.value)] = (denominations[String(d.value)] ?? 0) + d.count;
    const total = Object.entries(denominations).reduce((n, [v, c]) => n + Number(v) * c, 0);
    if (total !== body.cash)
      throw fieldError('denominations', CASH_UP_TEXTS.denominationsMismatch(formatMoney(total)));
  }
  return { ...body, denominations, note: body.note?.trim() ? body.note.trim() : undefined };
}

/**
 * POST /api/staff/till-sessions/:id/adjustments: the one way to correct a closed session, even after its day is
 * closed (amount added to what was counted, a tender and a reason; audited `till.adjust`).
 */
export async function adjustTillSession(
  db: Db,
  input: Scoped & {
    sessionId: number;
    tender: (typeof CASH_UP_TENDERS)[number];
    amount: number;
    reason: string;
  },
): Promise<TillSession> {
  return transactionRetried(db, async (tx) => {
    const locked = await lockSession(tx, input);
    if (locked.status !== 'closed')
      throw new HttpError(409, 'Count this till when you close it: only a closed session takes adjustments.');
    const [row] = await tx
      .insert(tillAdjustments)
      .values({
        tillSessionId: locked.id,
        tender: input.tender,
        amount: input.amount,
        reason: input.reason,
        staffId: input.actor.staffId!,
        createdAt: input.now,
      })
      .returning();
    await recordAudit(tx, input.actor, input.now, {
      action: 'till.adjust',
      entity: 'till_session',
      entityId: locked.id,
      before: null,
      after: { adjustment_id: row!.id, tender: input.tender, amount: input.amount, reason: input.reason },
    });
    const [view] = await readTillSessions(tx, sql`ts.id = ${locked.id}`);
    return view!;
  });
}

/**
 * POST /api/staff/cash-up/day-closes: locks a venue's day (audited `till.day_close`), once every till session of
 * that day is closed. The venue's row is locked, so a till opening at the same moment either lands first (and this
 * is refused while it is open) or takes tomorrow's date. Only a day that has begun.
 */
export async function closeCashUpDay(db: Db, input: Scoped & { venueId: number; date: string }) {
  return transactionRetried(db, async (tx) => {
    const venue = await findScopedVenue(tx, input);
    if (!venue) throw notFound(CASH_UP_TEXTS.tillNotFound);
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venue.id)).for('update');
    if (input.date > venueDate(input.now, venue.timeZone))
      throw fieldError('date', CASH_UP_TEXTS.dayInFuture);
    if (await dayClosed(tx, venue.id, input.date))
      throw new HttpError(409, CASH_UP_TEXTS.dayAlreadyClosed(prettyDay(input.date)));
    const open = await tx
      .select({ name: tills.name })
      .from(tillSessions)
      .innerJoin(tills, eq(tills.id, tillSessions.tillId))
      .where(
        and(
          eq(tillSessions.venueId, venue.id),
          eq(tillSessions.businessDate, input.date),
          eq(tillSessions.status, 'open'),
        ),
      );
    if (open.length > 0)
      throw new HttpError(409, CASH_UP_TEXTS.dayHasOpenTills(open.map((o) => o.name).join(', ')));
    await tx.insert(tillDayCloses).values({
      venueId: venue.id,
      businessDate: input.date,
      closedBy: input.actor.staffId!,
      closedAt: input.now,
    });
    await recordAudit(tx, input.actor, input.now, {
      action: 'till.day_close',
      entity: 'venue',
      entityId: venue.id,
      before: null,
      after: { business_date: input.date },
    });
    return {
      venue_id: venue.id,
      date: input.date,
      closed_by: input.actor.name,
      closed_at: venueDateAtTime(input.now, venue.timeZone),
      message: CASH_UP_TEXTS.dayClosedDone(prettyDay(input.date)),
    };
  });
}
