/**
 * The timetable-rules domain's public functions: sessions generated from venues' weekly timetable rules and date
 * exceptions (docs/decisions/029). Other services domains import only from here.
 */
export { describeConflict } from './describe.ts';
export {
  type GenerateSessionsInput,
  type GenerationResult,
  generateSessions,
  generateSessionsByVenue,
} from './generate.ts';
export {
  registerTimetableGeneration,
  requestTimetableGeneration,
  runTimetableGeneration,
  TIMETABLE_GENERATION_CRON,
  TIMETABLE_GENERATION_JOB,
  type TimetableGenerationDeps,
} from './job.ts';
export { planSessions } from './planner.ts';
export type {
  ConflictKind,
  ConflictReason,
  PlanInput,
  SessionPlan,
  TimetableConflict,
} from './types.ts';
