import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { activities, activitySessions, venues } from '../../../db/schema.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';

/**
 * A session staff are about to cancel or change, locked (the row lock checkout and members' cancellations take, so
 * two staff at once act once) and checked: this operator's (else 404, as if absent), at the staff member's venues
 * (404), not cancelled (409), not started (422). Each caller words the refusals for what it does.
 */
export async function lockStaffSession(
  tx: Tx,
  input: { sessionId: number; clientId: number; venueIds: number[] | 'all'; now: Date },
  texts: { notFound: string; cancelled: string; started: string },
) {
  const [found] = await tx
    .select({ session: activitySessions, venue: venues, activityName: activities.name })
    .from(activitySessions)
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(eq(activitySessions.id, input.sessionId))
    .for('update', { of: activitySessions });
  const mayChange =
    found &&
    found.venue.clientId === input.clientId &&
    (input.venueIds === 'all' || input.venueIds.includes(found.venue.id));
  if (!found || !mayChange) throw notFound(texts.notFound);
  if (found.session.cancelledAt) throw new HttpError(409, texts.cancelled);
  if (found.session.startsAt.getTime() <= input.now.getTime()) throw new HttpError(422, texts.started);
  return found;
}
