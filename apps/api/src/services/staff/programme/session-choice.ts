import { PROGRAMME_CHANGE_TEXTS } from '@fieldhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import {
  activities,
  activitySessions,
  benefitUsages,
  bookings,
  customers,
  packageUsages,
  sessionChangeChoices,
  venues,
} from '../../../db/schema.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import { toMoney } from '../../../lib/money.ts';
import { hashToken } from '../../../lib/tokens.ts';
import { sessionLabel } from '../../../lib/venue-time.ts';
import { returnBookingUsages } from '../../allowances/index.ts';
import { cancelSessionBookings, notifyWaitlistOfFreedPlaces } from '../../bookings/index.ts';
import type { JobEngine } from '../../jobs/index.ts';
import { queueMail, sessionChoiceCancelledMail } from '../../mail/index.ts';
import { recordAudit, systemActor } from '../audit.ts';
import { refundBookingPrice } from './cancel-session.ts';

/** The choice a token names, with its session, venue and booking (null: no such link). */
async function findChoice(db: Db | Tx, token: string) {
  const [row] = await db
    .select({
      choice: sessionChangeChoices,
      session: activitySessions,
      venue: venues,
      activityName: activities.name,
      booking: bookings,
    })
    .from(sessionChangeChoices)
    .innerJoin(activitySessions, eq(activitySessions.id, sessionChangeChoices.activitySessionId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(bookings, eq(bookings.id, sessionChangeChoices.bookingId))
    .where(eq(sessionChangeChoices.tokenHash, hashToken(token)));
  return row ?? null;
}

/** What a keep-or-cancel link is about (the member's page reads it before they choose). */
export async function getSessionChoice(db: Db, token: string) {
  const found = await findChoice(db, token);
  if (!found) throw notFound(PROGRAMME_CHANGE_TEXTS.choiceNotFound);
  const { choice, session, venue } = found;
  return {
    activity_name: found.activityName,
    venue_name: venue.name,
    was: sessionLabel(found.activityName, choice.startsAtBefore, venue.timeZone),
    now: sessionLabel(found.activityName, session.startsAt, venue.timeZone),
    location_name: session.locationName,
    price: toMoney(found.booking.price),
    choice: choice.choice,
  };
}

export type MakeChoiceInput = {
  token: string;
  choice: 'keep' | 'cancel';
  clientName: string;
  accountUrl: string;
  /** The bookings site's base URL, for the waitlist's 'A place is free' mails. */
  bookingsUrl: string;
  jobs: JobEngine;
  now: Date;
};

/**
 * A member answers the link in their mail after a large move (decision 075): keep the place (nothing else changes)
 * or cancel the booking with everything back, as a staff cancel gives it (`refundBookingPrice`, the allowance
 * back), in one transaction. The session's row is locked first (the order checkout locks in), then the link's: the
 * link works once, so a second use (or two at once) is refused with 409 and nothing more is refunded.
 */
export async function makeSessionChoice(db: Db, input: MakeChoiceInput) {
  return transactionRetried(db, async (tx) => {
    const seen = await findChoice(tx, input.token);
    if (!seen) throw notFound(PROGRAMME_CHANGE_TEXTS.choiceNotFound);
    await tx
      .select({ id: activitySessions.id })
      .from(activitySessions)
      .where(eq(activitySessions.id, seen.session.id))
      .for('update');
    const [locked] = await tx
      .select()
      .from(sessionChangeChoices)
      .where(eq(sessionChangeChoices.id, seen.choice.id))
      .for('update');
    const found = await findChoice(tx, input.token);
    if (!locked || !found) throw notFound(PROGRAMME_CHANGE_TEXTS.choiceNotFound);
    if (locked.usedAt) throw new HttpError(409, PROGRAMME_CHANGE_TEXTS.choiceUsed);
    const { session, venue, booking } = found;
    if (session.startsAt.getTime() <= input.now.getTime())
      throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.choiceStarted);
    if (booking.status !== 'booked' || session.cancelledAt)
      throw new HttpError(409, PROGRAMME_CHANGE_TEXTS.choiceBookingGone);
    const choice: 'kept' | 'cancelled' = input.choice === 'keep' ? 'kept' : 'cancelled';
    await tx
      .update(sessionChangeChoices)
      .set({ usedAt: input.now, choice })
      .where(eq(sessionChangeChoices.id, locked.id));
    if (choice === 'kept') return { choice, returned: [] };

    const label = sessionLabel(found.activityName, session.startsAt, venue.timeZone);
    const returned: string[] = [];
    const [benefit] = await tx
      .select({ id: benefitUsages.id })
      .from(benefitUsages)
      .where(and(eq(benefitUsages.bookingId, booking.id), isNull(benefitUsages.returnedAt)));
    const [pack] = await tx
      .select({ id: packageUsages.id })
      .from(packageUsages)
      .where(and(eq(packageUsages.bookingId, booking.id), isNull(packageUsages.returnedAt)));
    await cancelSessionBookings(tx, { sessionId: session.id, bookingId: booking.id, now: input.now });
    await returnBookingUsages(tx, [booking.id], input.now);
    if (benefit) returned.push('Your membership session is back to use');
    if (pack) returned.push('Your package session is back to use');
    const reason = 'Cancelled by the member after the session moved';
    const back = await refundBookingPrice(tx, {
      booking,
      sessionId: session.id,
      key: `session-choice:${locked.id}`,
      reason,
      staffId: null,
      label,
      venueName: venue.name,
      jobs: input.jobs,
      now: input.now,
    });
    returned.push(...back.lines);
    const [person] = await tx
      .select({ firstName: customers.firstName, email: customers.email })
      .from(customers)
      .where(eq(customers.id, booking.customerId));
    const mail = sessionChoiceCancelledMail({
      clientName: input.clientName,
      firstName: person!.firstName,
      session: label,
      venueName: venue.name,
      returned,
      accountUrl: input.accountUrl,
    });
    await queueMail(tx, { ...mail, to: person!.email });
    // The place is free: everyone waiting hears, as when a member cancels from their bookings.
    await notifyWaitlistOfFreedPlaces(tx, {
      sessions: [{ id: session.id, label, venueName: venue.name, venueSlug: venue.slug }],
      clientName: input.clientName,
      bookingsUrl: input.bookingsUrl,
    });
    await recordAudit(tx, systemActor(`Customer ${booking.customerId} (link after a move)`), input.now, {
      action: 'booking.cancelled_after_move',
      entity: 'booking',
      entityId: booking.id,
      before: { status: 'booked', session_id: session.id },
      after: {
        status: 'cancelled',
        refunds: back.refunds.map((r) => ({
          refund_id: r.id,
          tender: r.tender,
          destination: r.destination,
          amount: r.amount,
          status: r.status,
        })),
        refunded_total: back.refunds.reduce((n, r) => n + r.amount, 0),
      },
    });
    return { choice, returned };
  });
}
