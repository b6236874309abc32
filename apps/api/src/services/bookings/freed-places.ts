import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, waitlistEntries } from '../../db/schema.ts';
import { queueMail, waitlistPlaceFreeMail } from '../mail/index.ts';

/** A session a cancellation freed places on, as its waitlist mail names it. */
export type FreedSession = {
  id: number;
  /** 'Yoga, Tuesday 3 March at 09:30' (sessionLabel). */
  label: string;
  venueName: string;
  venueSlug: string;
};

/**
 * Everyone waiting for these sessions hears that a place is free (the first to book gets it), in the cancelling
 * transaction: a member's cancellation, a staff refund of the whole line, a member's cancel after a move. Oldest
 * waiter first; one mail per waiting entry.
 */
export async function notifyWaitlistOfFreedPlaces(
  tx: Tx,
  input: { sessions: FreedSession[]; clientName: string; bookingsUrl: string },
) {
  const byId = new Map(input.sessions.map((s) => [s.id, s]));
  if (!byId.size) return;
  const waiting = await tx
    .select({
      sessionId: waitlistEntries.activitySessionId,
      email: customers.email,
      firstName: customers.firstName,
    })
    .from(waitlistEntries)
    .innerJoin(customers, eq(customers.id, waitlistEntries.customerId))
    .where(
      and(
        inArray(waitlistEntries.activitySessionId, [...byId.keys()]),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  for (const entry of waiting) {
    const session = byId.get(entry.sessionId)!;
    const mail = waitlistPlaceFreeMail({
      clientName: input.clientName,
      firstName: entry.firstName,
      session: session.label,
      venueName: session.venueName,
      link: `${input.bookingsUrl}/venues/${session.venueSlug}/sessions/${session.id}`,
    });
    await queueMail(tx, { ...mail, to: entry.email });
  }
}
