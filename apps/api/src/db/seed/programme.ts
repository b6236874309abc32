/** The demo programme: activities at each venue and their sessions over the last 30 days and the next 14. */
import { addDays, instantAt, localDateOf } from '../../lib/local-date.ts';
import type { Tx } from '../client.ts';
import { createActivity, sessionOf } from '../factories/programme.ts';
import { activitySessions } from '../schema.ts';
import { DEMO_ACTIVITIES } from '../seed-data-programme.ts';

const DAYS_AHEAD = 14;
const DAYS_BEHIND = 30;

export type SeededSession = {
  id: number;
  activityId: number;
  venueId: number;
  startsAt: Date;
  price: number;
};

async function insertInChunks<T>(items: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await insert(items.slice(i, i + size));
}

/**
 * Each venue runs most of the demo activities (a different four in five); each activity runs six days a week
 * with a different rest day (every day at the home venue), at venue-local times.
 */
export async function seedProgramme(tx: Tx, input: { now: Date; venueIds: number[]; homeVenueId: number }) {
  const activities = [];
  for (const [vi, venueId] of input.venueIds.entries()) {
    for (const [ai, a] of DEMO_ACTIVITIES.entries()) {
      if ((vi + ai) % 5 === 4) continue;
      activities.push(
        await createActivity(tx, {
          venueId,
          name: a.name,
          description: a.description,
          category: a.category,
          locationName: a.locationName,
          price: a.price,
          capacity: a.capacity,
          durationMinutes: a.durationMinutes,
          cancellationCutoffHours: a.cancellationCutoffHours,
          cancellationAwardsCredit: a.cancellationAwardsCredit,
          requiresWaiver: a.requiresWaiver ?? false,
          maxPlacesPerBooking: a.maxPlacesPerBooking ?? 1,
        }),
      );
    }
  }
  const timesByName = new Map(DEMO_ACTIVITIES.map((a) => [a.name, a.times]));

  const today = localDateOf(input.now);
  const sessionValues: (typeof activitySessions.$inferInsert)[] = [];
  for (let offset = -DAYS_BEHIND; offset <= DAYS_AHEAD; offset++) {
    const day = addDays(today, offset);
    activities.forEach((activity, ai) => {
      if ((offset + DAYS_BEHIND + ai) % 7 === 0 && activity.venueId !== input.homeVenueId) return;
      for (const time of timesByName.get(activity.name) ?? []) {
        const [hour, minute] = time.split(':').map(Number) as [number, number];
        sessionValues.push(sessionOf(activity, instantAt(day, { hour, minute })));
      }
    });
  }
  // Thousands of sessions: inserted a thousand at a time rather than one by one.
  const sessions: SeededSession[] = [];
  await insertInChunks(sessionValues, 1000, async (chunk) => {
    sessions.push(
      ...(await tx.insert(activitySessions).values(chunk).returning({
        id: activitySessions.id,
        activityId: activitySessions.activityId,
        venueId: activitySessions.venueId,
        startsAt: activitySessions.startsAt,
        price: activitySessions.price,
      })),
    );
  });
  return { activities, sessions };
}
