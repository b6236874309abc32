/** The demo programme's sessions over the last 30 days and the next 14. */
import { addDays, instantAt, localDateOf } from '../../lib/local-date.ts';
import type { Tx } from '../client.ts';
import { sessionOf } from '../factories/programme.ts';
import { type activities, activitySessions } from '../schema.ts';
import { DEMO_SESSION_TIMES } from '../seed-data-programme.ts';

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
 * Sessions of the demo's activities (from catalogue/demo.yaml) over the last 30 days and the next 14: each activity
 * runs six days a week with a different rest day (every day at the home venue), at venue-local times. (An
 * operator's sessions come from their weekly timetable; the demo's also reach back, for booking history.)
 */
export async function seedProgramme(
  tx: Tx,
  input: { now: Date; activities: (typeof activities.$inferSelect)[]; homeVenueId: number },
) {
  const { activities: list } = input;

  const today = localDateOf(input.now);
  const sessionValues: (typeof activitySessions.$inferInsert)[] = [];
  for (let offset = -DAYS_BEHIND; offset <= DAYS_AHEAD; offset++) {
    const day = addDays(today, offset);
    list.forEach((activity, ai) => {
      if ((offset + DAYS_BEHIND + ai) % 7 === 0 && activity.venueId !== input.homeVenueId) return;
      for (const time of DEMO_SESSION_TIMES[activity.name] ?? []) {
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
  return { sessions };
}
