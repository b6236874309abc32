import { markUnmarkedUnattended } from '../attendance/index.ts';
import type { ScheduledChangeDeps } from './run.ts';

/** The operator's attendance rule (services/attendance): unmarked bookings become unattended after the set hours. */
export async function applyAttendanceRule(deps: ScheduledChangeDeps) {
  const marked = await markUnmarkedUnattended(deps.db, deps.now());
  const total = [...marked.values()].reduce((n, c) => n + c, 0);
  if (total > 0) deps.log.info({ marked: total }, 'Unmarked bookings became unattended');
  return total;
}
