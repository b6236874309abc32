import { routes } from '../call.ts';
import type { waitlistCalls } from '../waitlist.ts';

/** Methods and paths of the waitlist calls (decision 043); their schemas are `waitlistCalls`. */
export const waitlistRoutes = routes<typeof waitlistCalls>()({
  listWaitlist: ['GET', '/api/waitlist'],
  joinWaitlist: ['POST', '/api/waitlist'],
  leaveWaitlist: ['DELETE', '/api/waitlist/:waitlistId'],
});
