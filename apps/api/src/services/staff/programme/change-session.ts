import { type ChangeSessionBody, PROGRAMME_CHANGE_TEXTS } from '@fieldhouse/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { activitySessions, bookings, clients, customers, sessionChangeChoices } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { formatIso, localDateOf } from '../../../lib/local-date.ts';
import { createToken, hashToken } from '../../../lib/tokens.ts';
import { sessionLabel } from '../../../lib/venue-time.ts';
import { queueMail, sessionChangedMail } from '../../mail/index.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { venueInstant } from './cancel-range.ts';
import { lockStaffSession } from './locked-session.ts';

export type ChangeSessionInput = {
  sessionId: number;
  change: ChangeSessionBody;
  actor: Actor & { staffId: number };
  venueIds: 'all' | number[];
  clientId: number;
  clientName: string;
  accountUrl: string;
  now: Date;
};

const MINUTE = 60_000;

/**
 * Staff move or change a session that has not started (issue 35, item 2; decision 075): its start (it keeps its
 * length), location or capacity, in one transaction under the session's row lock (the lock checkout takes, so the
 * places booked are the places booked). The capacity never drops below the places booked. The session is marked
 * changed by staff, so timetable generation leaves it as it is. Each member booked is mailed once when the start or
 * the location changes; a move of more than the operator's `session_move_choice_minutes` (default 30), or to another
 * day, gives each booking a link that keeps the place or cancels it with a full refund, once. One audit entry with
 * before and after.
 */
export async function changeSession(db: Db, input: ChangeSessionInput) {
  return transactionRetried(db, (tx) => changeInTransaction(tx, input));
}

async function changeInTransaction(tx: Tx, input: ChangeSessionInput) {
  const { now, change } = input;
  const found = await lockStaffSession(tx, input, {
    notFound: PROGRAMME_CHANGE_TEXTS.sessionNotFound,
    cancelled: PROGRAMME_CHANGE_TEXTS.cancelled,
    started: PROGRAMME_CHANGE_TEXTS.started,
  });
  const { session, venue } = found;

  const startsAt = change.starts_at ? venueInstant(change.starts_at, venue.timeZone) : session.startsAt;
  const endsAt = new Date(startsAt.getTime() + (session.endsAt.getTime() - session.startsAt.getTime()));
  const locationName = change.location_name ?? session.locationName;
  const capacity = change.capacity ?? session.capacity;
  const moved = startsAt.getTime() !== session.startsAt.getTime();
  const relocated = locationName !== session.locationName;
  if (!moved && !relocated && capacity === session.capacity)
    throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.nothingChanged);
  if (moved && startsAt.getTime() <= now.getTime())
    throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.startInPast, {
      starts_at: [PROGRAMME_CHANGE_TEXTS.startInPast],
    });
  if (capacity < session.bookedCount) {
    const message = PROGRAMME_CHANGE_TEXTS.capacityBelowBooked(session.bookedCount);
    throw new HttpError(422, message, { capacity: [message] });
  }

  await tx
    .update(activitySessions)
    .set({ startsAt, endsAt, locationName, capacity, changedByStaffAt: now })
    .where(eq(activitySessions.id, session.id));

  const [client] = await tx
    .select({ minutes: clients.sessionMoveChoiceMinutes })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  const otherDay =
    formatIso(localDateOf(startsAt, venue.timeZone)) !==
    formatIso(localDateOf(session.startsAt, venue.timeZone));
  const bigMove =
    moved &&
    (otherDay ||
      Math.abs(startsAt.getTime() - session.startsAt.getTime()) > (client?.minutes ?? 30) * MINUTE);

  // One mail per member booked when what they turn up for changed (a capacity alone changes nothing for them).
  let mails = 0;
  let choices = 0;
  if (moved || relocated) {
    const booked = await tx
      .select({
        bookingId: bookings.id,
        customerId: customers.id,
        firstName: customers.firstName,
        email: customers.email,
      })
      .from(bookings)
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .where(and(eq(bookings.activitySessionId, session.id), eq(bookings.status, 'booked')))
      .orderBy(asc(bookings.id));
    const was = sessionLabel(found.activityName, session.startsAt, venue.timeZone);
    const isNow = sessionLabel(found.activityName, startsAt, venue.timeZone);
    const byCustomer = new Map<number, typeof booked>();
    for (const b of booked) byCustomer.set(b.customerId, [...(byCustomer.get(b.customerId) ?? []), b]);
    for (const [customerId, theirs] of byCustomer) {
      const links: string[] = [];
      if (bigMove)
        for (const b of theirs) {
          const token = createToken();
          await tx.insert(sessionChangeChoices).values({
            activitySessionId: session.id,
            bookingId: b.bookingId,
            customerId,
            tokenHash: hashToken(token),
            startsAtBefore: session.startsAt,
            createdAt: now,
          });
          links.push(`${input.accountUrl}/session-change/${token}`);
          choices++;
        }
      const person = theirs[0]!;
      const mail = sessionChangedMail({
        clientName: input.clientName,
        firstName: person.firstName,
        was,
        now: isNow,
        venueName: venue.name,
        location: relocated ? locationName : null,
        reason: change.reason?.trim() || null,
        choiceLinks: links,
        accountUrl: input.accountUrl,
      });
      await queueMail(tx, { ...mail, to: person.email });
      mails++;
    }
  }

  await recordAudit(tx, input.actor, now, {
    action: 'session.changed',
    entity: 'activity_session',
    entityId: session.id,
    before: {
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
      location_name: session.locationName,
      capacity: session.capacity,
      booked_count: session.bookedCount,
    },
    after: {
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      location_name: locationName,
      capacity,
      reason: change.reason?.trim() || null,
      mails_queued: mails,
      choices_offered: choices,
    },
  });
  return {
    session_id: session.id,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    location_name: locationName,
    capacity,
    booked_count: session.bookedCount,
    choice_offered: choices > 0,
    mails_queued: mails,
  };
}
