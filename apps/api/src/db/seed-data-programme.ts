/**
 * When the demo's activities run each day (venue-local times), by activity name; the activities themselves are in
 * catalogue/demo.yaml. The demo's sessions reach back 30 days for booking history, so the seed makes them itself
 * rather than from a weekly timetable.
 */
export const DEMO_SESSION_TIMES: Record<string, string[]> = {
  Spin: ['06:30', '18:15'],
  Yoga: ['09:30', '19:30'],
  'Body Pump': ['12:15', '17:30'],
  HIIT: ['07:15'],
  Pilates: ['11:00'],
  'Badminton Court': ['19:00', '20:00'],
  'Aqua Fit': ['10:00'],
  'Lane Swimming': ['07:00', '20:00'],
  'Adult Swimming Lessons': ['18:00'],
};
