/** Factories for the programme: activities, their sessions, bookings and waitlist places. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { activities, activitySessions, bookings, orders, waitlistEntries } from '../schema.ts';

export async function createActivity(
  db: DbOrTx,
  overrides: Partial<typeof activities.$inferInsert> & { venueId: number },
) {
  const [activity] = await db
    .insert(activities)
    .values({
      name: 'Spin',
      category: 'Cycling',
      locationName: 'Studio 1',
      price: 650,
      capacity: 20,
      durationMinutes: 45,
      ...overrides,
    })
    .returning();
  return activity!;
}

/** One session of an activity, at its price, capacity and length unless told otherwise (not inserted). */
export function sessionOf(
  activity: typeof activities.$inferSelect,
  startsAt: Date,
  overrides: Partial<typeof activitySessions.$inferInsert> = {},
): typeof activitySessions.$inferInsert {
  return {
    activityId: activity.id,
    venueId: activity.venueId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + activity.durationMinutes * 60_000),
    capacity: activity.capacity,
    price: activity.price,
    locationName: activity.locationName,
    ...overrides,
  };
}

/**
 * A session (defaults: £6.50, 45 minutes, capacity 20, 2-hour cut-off); creates its activity unless
 * `activityId` is given.
 */
export async function createSession(
  db: DbOrTx,
  input: {
    venueId: number;
    startsAt: Date;
    activityId?: number;
    name?: string;
    category?: string;
    price?: number;
    capacity?: number;
    bookedCount?: number;
    durationMinutes?: number;
    locationName?: string;
    cancellationCutoffHours?: number;
    cancellationAwardsCredit?: boolean;
    requiresWaiver?: boolean;
    maxPlacesPerBooking?: number;
  },
) {
  const durationMinutes = input.durationMinutes ?? 45;
  const price = input.price ?? 650;
  const capacity = input.capacity ?? 20;
  const activity = input.activityId
    ? (await db.select().from(activities).where(eq(activities.id, input.activityId)))[0]!
    : await createActivity(db, {
        venueId: input.venueId,
        name: input.name ?? 'Spin',
        category: input.category ?? 'Cycling',
        locationName: input.locationName ?? 'Studio 1',
        price,
        capacity,
        durationMinutes,
        cancellationCutoffHours: input.cancellationCutoffHours ?? 2,
        cancellationAwardsCredit: input.cancellationAwardsCredit ?? true,
        requiresWaiver: input.requiresWaiver ?? false,
        maxPlacesPerBooking: input.maxPlacesPerBooking ?? 1,
      });
  const [session] = await db
    .insert(activitySessions)
    .values(
      sessionOf(activity, input.startsAt, {
        venueId: input.venueId,
        endsAt: new Date(input.startsAt.getTime() + durationMinutes * 60_000),
        capacity,
        bookedCount: input.bookedCount ?? 0,
        price,
        locationName: input.locationName ?? activity.locationName,
      }),
    )
    .returning();
  return { activity, session: session! };
}

/**
 * A booking of a session and, unless `orderId` is given, its card order (no order lines). Takes the place too
 * (booked_count + 1) unless `countPlace` is false or it is cancelled.
 */
export async function createBooking(
  db: DbOrTx,
  input: Partial<typeof bookings.$inferInsert> & {
    customerId: number;
    sessionId: number;
    /** Also take the place (booked_count + 1); default true. */
    countPlace?: boolean;
  },
) {
  const { sessionId, countPlace = true, ...overrides } = input;
  const price = input.price ?? 650;
  const status = input.status ?? 'booked';
  const orderId =
    input.orderId === undefined
      ? (
          await db
            .insert(orders)
            .values({ customerId: input.customerId, total: price, paymentType: 'card' })
            .returning()
        )[0]!.id
      : input.orderId;
  const [booking] = await db
    .insert(bookings)
    .values({
      activitySessionId: sessionId,
      orderId,
      status,
      attended: status === 'attended' ? true : null,
      price,
      ...overrides,
    })
    .returning();
  if (countPlace && status !== 'cancelled') {
    await db
      .update(activitySessions)
      .set({ bookedCount: sql`${activitySessions.bookedCount} + 1` })
      .where(eq(activitySessions.id, sessionId));
  }
  return booking!;
}

export async function createWaitlistEntry(
  db: DbOrTx,
  input: Partial<typeof waitlistEntries.$inferInsert> & { customerId: number; sessionId: number },
) {
  const { sessionId, ...overrides } = input;
  const [row] = await db
    .insert(waitlistEntries)
    .values({ activitySessionId: sessionId, ...overrides })
    .returning();
  return row!;
}
