/** Shared values and helpers of the planner's unit tests (planner.test.ts, planner-changes.test.ts). */
import { planSessions } from './planner.ts';
import type {
  ExistingSession,
  PlanActivity,
  PlanException,
  PlanInput,
  PlanRule,
  SessionPlan,
} from './types.ts';

export const SPIN: PlanActivity = {
  id: 1,
  name: 'Spin',
  durationMinutes: 45,
  capacity: 20,
  price: 650,
  locationName: 'Studio 1',
  archived: false,
};
export const SWIM: PlanActivity = { ...SPIN, id: 2, name: 'Aqua', locationName: 'Pool' };

export const rule = (over: Partial<PlanRule> = {}): PlanRule => ({
  id: 10,
  activityId: SPIN.id,
  weekday: 7,
  startTime: '07:00',
  durationMinutes: null,
  capacity: null,
  price: null,
  locationName: null,
  validFrom: null,
  validUntil: null,
  archived: false,
  ...over,
});

let exceptionId = 100;
export const exception = (
  over: Partial<PlanException> & Pick<PlanException, 'kind' | 'date'>,
): PlanException => ({
  id: exceptionId++,
  ruleId: null,
  activityId: null,
  startTime: null,
  durationMinutes: null,
  capacity: null,
  price: null,
  locationName: null,
  archived: false,
  ...over,
});

export const input = (over: Partial<PlanInput>): PlanInput => ({
  venue: { id: 1, timeZone: 'Europe/London', archived: false },
  now: new Date('2026-10-21T12:00:00Z'),
  horizonWeeks: 2,
  activities: [SPIN, SWIM],
  rules: [],
  exceptions: [],
  existing: [],
  ...over,
});

/** What the database would hold after applying the plan (ids from 1000 on). */
export function apply(existing: ExistingSession[], plan: SessionPlan): ExistingSession[] {
  let nextId = 1000 + existing.length;
  const removed = new Set(plan.remove.map((r) => r.sessionId));
  const cancelled = new Set(plan.cancel.map((c) => c.sessionId));
  const restored = new Set(plan.restore);
  const kept = existing
    .filter((s) => !removed.has(s.id))
    .map((s) => ({ ...s, ...plan.update.find((u) => u.sessionId === s.id)?.set }))
    .map((s) =>
      cancelled.has(s.id)
        ? { ...s, cancelledBy: 'timetable' as const }
        : restored.has(s.id)
          ? { ...s, cancelledBy: null }
          : s,
    );
  const created = plan.create.map(
    (c): ExistingSession => ({ ...c, id: nextId++, bookedCount: 0, hasHistory: false, cancelledBy: null }),
  );
  return [...kept, ...created];
}

/** Plans, applies, and returns the sessions (the plan too). */
export function generate(over: Partial<PlanInput>) {
  const plan = planSessions(input(over));
  return { plan, sessions: apply(over.existing ?? [], plan) };
}

export const starts = (plan: SessionPlan) => plan.create.map((c) => c.startsAt.toISOString()).sort();
