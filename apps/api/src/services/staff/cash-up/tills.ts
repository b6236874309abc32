import { CASH_UP_TEXTS, type Till } from '@fieldhouse/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { tillDayCloses, tillSessions, tills, venues } from '../../../db/schema.ts';
import { fieldError, HttpError, notFound } from '../../../lib/http-errors.ts';
import { venueDate } from '../../../lib/venue-time.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { inScope, type VenueScope } from '../desk/shared.ts';
import { readTillSessions } from './till-figures.ts';

/** A venue of the operator that the staff member works at, or null. */
export async function findScopedVenue(
  db: DbOrTx,
  input: { clientId: number; venueId: number; scope: VenueScope },
) {
  const [venue] = await db
    .select({ id: venues.id, name: venues.name, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.id, input.venueId), eq(venues.clientId, input.clientId)));
  return venue && inScope(input.scope, venue.id) ? venue : null;
}

/** GET /api/staff/tills?venue_id=: the venue's tills, live ones first by name, each with its open session. */
export async function findTills(
  db: Db,
  input: { clientId: number; venueId: number; scope: VenueScope; now: Date; mayManage: boolean },
) {
  const venue = await findScopedVenue(db, input);
  if (!venue) return null;
  const rows = await db
    .select()
    .from(tills)
    .where(eq(tills.venueId, venue.id))
    .orderBy(sql`${tills.archivedAt} is not null`, asc(tills.name), asc(tills.id));
  const open = await readTillSessions(db, sql`ts.venue_id = ${venue.id} and ts.status = 'open'`);
  const today = venueDate(input.now, venue.timeZone);
  const [closed] = await db
    .select({ id: tillDayCloses.id })
    .from(tillDayCloses)
    .where(and(eq(tillDayCloses.venueId, venue.id), eq(tillDayCloses.businessDate, today)));
  return {
    tills: rows.map(
      (t): Till => ({
        id: t.id,
        venue_id: venue.id,
        venue_name: venue.name,
        name: t.name,
        archived: t.archivedAt !== null,
        open_session: open.find((s) => s.till_id === t.id) ?? null,
      }),
    ),
    may_manage: input.mayManage,
    today,
    today_closed: Boolean(closed),
  };
}

async function tillView(db: DbOrTx, tillId: number): Promise<Till> {
  const [row] = await db
    .select({ till: tills, venueName: venues.name })
    .from(tills)
    .innerJoin(venues, eq(venues.id, tills.venueId))
    .where(eq(tills.id, tillId));
  const [open] = await readTillSessions(db, sql`ts.till_id = ${tillId} and ts.status = 'open'`);
  return {
    id: row!.till.id,
    venue_id: row!.till.venueId,
    venue_name: row!.venueName,
    name: row!.till.name,
    archived: row!.till.archivedAt !== null,
    open_session: open ?? null,
  };
}

async function nameTaken(tx: DbOrTx, venueId: number, name: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: tills.id })
    .from(tills)
    .where(
      and(
        eq(tills.venueId, venueId),
        isNull(tills.archivedAt),
        sql`lower(${tills.name}) = lower(${name})`,
        exceptId ? ne(tills.id, exceptId) : undefined,
      ),
    );
  return Boolean(other);
}

/** POST /api/staff/tills: a new till at one of the staff member's venues (audited `till.create`). */
export async function createTill(
  db: Db,
  input: { clientId: number; venueId: number; name: string; scope: VenueScope; actor: Actor; now: Date },
) {
  return db.transaction(async (tx) => {
    const venue = await findScopedVenue(tx, input);
    if (!venue) throw notFound(CASH_UP_TEXTS.tillNotFound);
    // The venue's row orders two adds of one name at once.
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, venue.id)).for('no key update');
    if (await nameTaken(tx, venue.id, input.name)) throw fieldError('name', CASH_UP_TEXTS.nameTaken);
    const [till] = await tx
      .insert(tills)
      .values({ venueId: venue.id, name: input.name, createdAt: input.now })
      .returning();
    await recordAudit(tx, input.actor, input.now, {
      action: 'till.create',
      entity: 'till',
      entityId: till!.id,
      before: null,
      after: { venue_id: venue.id, name: till!.name },
    });
    return tillView(tx, till!.id);
  });
}

/** PATCH /api/staff/tills/:id: rename or archive (audited `till.rename`, `till.archive`, `till.restore`). */
export async function updateTill(
  db: Db,
  input: {
    clientId: number;
    tillId: number;
    name?: string;
    archived?: boolean;
    scope: VenueScope;
    actor: Actor;
    now: Date;
  },
) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ till: tills })
      .from(tills)
      .innerJoin(venues, eq(venues.id, tills.venueId))
      .where(and(eq(tills.id, input.tillId), eq(venues.clientId, input.clientId)))
      .for('update', { of: tills });
    if (!found || !inScope(input.scope, found.till.venueId)) throw notFound(CASH_UP_TEXTS.tillNotFound);
    const before = found.till;
    if (input.name !== undefined && input.name !== before.name) {
      if (await nameTaken(tx, before.venueId, input.name, before.id))
        throw fieldError('name', CASH_UP_TEXTS.nameTaken);
      await tx.update(tills).set({ name: input.name }).where(eq(tills.id, before.id));
      await recordAudit(tx, input.actor, input.now, {
        action: 'till.rename',
        entity: 'till',
        entityId: before.id,
        before: { name: before.name },
        after: { name: input.name },
      });
    }
    if (input.archived !== undefined && input.archived !== (before.archivedAt !== null)) {
      if (input.archived) {
        const [open] = await tx
          .select({ id: tillSessions.id })
          .from(tillSessions)
          .where(and(eq(tillSessions.tillId, before.id), eq(tillSessions.status, 'open')));
        if (open) throw new HttpError(409, CASH_UP_TEXTS.tillOpen(input.name ?? before.name));
      } else if (await nameTaken(tx, before.venueId, input.name ?? before.name, before.id))
        throw fieldError('name', CASH_UP_TEXTS.nameTaken);
      await tx
        .update(tills)
        .set({ archivedAt: input.archived ? input.now : null })
        .where(eq(tills.id, before.id));
      await recordAudit(tx, input.actor, input.now, {
        action: input.archived ? 'till.archive' : 'till.restore',
        entity: 'till',
        entityId: before.id,
        before: { archived_at: before.archivedAt },
        after: { archived_at: input.archived ? input.now : null },
      });
    }
    return tillView(tx, before.id);
  });
}
