/** Factories for a venue's weekly timetable: its rules and their date exceptions. */
import type { DbOrTx } from '../client.ts';
import { timetableExceptions, timetableRules } from '../schema.ts';
import { unique } from './unique.ts';

/** A weekly rule (default: Mondays at 07:00, the activity's own length, places, price and location). */
export async function createTimetableRule(
  db: DbOrTx,
  input: Partial<typeof timetableRules.$inferInsert> & { venueId: number; activityId: number },
) {
  const [row] = await db
    .insert(timetableRules)
    .values({ key: `rule-${unique()}`, weekday: 1, startTime: '07:00', ...input })
    .returning();
  return row!;
}

/** A date exception: closed (the venue), cancelled / changed (`ruleId`), or extra (`activityId`, `startTime`). */
export async function createTimetableException(
  db: DbOrTx,
  input: Partial<typeof timetableExceptions.$inferInsert> &
    Pick<typeof timetableExceptions.$inferInsert, 'venueId' | 'date' | 'kind'>,
) {
  const [row] = await db
    .insert(timetableExceptions)
    .values({ key: `exception-${unique()}`, ...input })
    .returning();
  return row!;
}
