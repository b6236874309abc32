/** A venue's weekly rules and date exceptions as the catalogue writes them. */
import type { Catalogue, TimetableException } from '@fieldhouse/contract/catalogue/index';
import { weekdayOf } from '@fieldhouse/contract/catalogue/index';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';

export async function readTimetables(
  db: DbOrTx,
  venueRows: (typeof s.venues.$inferSelect)[],
  activityKey: Map<number, string>,
): Promise<Catalogue['timetable']> {
  const venueIds = venueRows.map((v) => v.id);
  if (!venueIds.length) return [];
  const rules = await db
    .select()
    .from(s.timetableRules)
    .where(and(inArray(s.timetableRules.venueId, venueIds), isNull(s.timetableRules.archivedAt)))
    .orderBy(asc(s.timetableRules.id));
  const exceptions = await db
    .select()
    .from(s.timetableExceptions)
    .where(and(inArray(s.timetableExceptions.venueId, venueIds), isNull(s.timetableExceptions.archivedAt)))
    .orderBy(asc(s.timetableExceptions.id));
  const ruleKey = new Map(rules.map((r) => [r.id, r.key]));
  const overrides = (r: {
    durationMinutes: number | null;
    capacity: number | null;
    price: number | null;
    locationName: string | null;
  }) => ({
    ...(r.durationMinutes !== null ? { duration_minutes: r.durationMinutes } : {}),
    ...(r.capacity !== null ? { capacity: r.capacity } : {}),
    ...(r.price !== null ? { price: r.price } : {}),
    ...(r.locationName !== null ? { location: r.locationName } : {}),
  });
  return venueRows
    .filter((v) => rules.some((r) => r.venueId === v.id) || exceptions.some((e) => e.venueId === v.id))
    .map((v) => ({
      venue: v.slug,
      weekly: rules
        .filter((r) => r.venueId === v.id)
        .map((r) => ({
          key: r.key,
          activity: activityKey.get(r.activityId)!,
          day: weekdayOf(r.weekday),
          start: r.startTime,
          ...overrides(r),
          ...(r.validFrom ? { from: r.validFrom } : {}),
          ...(r.validUntil ? { until: r.validUntil } : {}),
        })),
      exceptions: exceptions
        .filter((e) => e.venueId === v.id)
        .map((e): TimetableException => {
          const base = { key: e.key, date: e.date, reason: e.reason };
          if (e.kind === 'closed') return { ...base, kind: 'closed' };
          if (e.kind === 'cancelled') return { ...base, kind: 'cancelled', session: ruleKey.get(e.ruleId!)! };
          if (e.kind === 'changed') {
            return {
              ...base,
              kind: 'changed',
              session: ruleKey.get(e.ruleId!)!,
              ...(e.startTime ? { start: e.startTime } : {}),
              ...overrides(e),
            };
          }
          return {
            ...base,
            kind: 'extra',
            activity: activityKey.get(e.activityId!)!,
            start: e.startTime!,
            ...overrides(e),
          };
        }),
    }));
}
