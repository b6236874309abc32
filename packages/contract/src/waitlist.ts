import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, messageReply } from './common.ts';
import { id, idParam } from './fields.ts';

export { WAITLIST_TEXTS } from './texts/waitlist.ts';

/** Waitlist entry (account-shell §3). */
export const waitlistEntry = z.object({
  id: z.number().int(),
  order: z.number().int().describe('1-based position in the queue'),
  date: z.string().describe('Venue-local date YYYY-MM-DD'),
  session_id: z.number().int(),
  waitlistable: z.object({
    name: z.string(),
    date: z.string().describe('e.g. Monday 23 November 2026'),
    starts_at: z.string().describe('24-hour HH:mm'),
    ends_at: z.string(),
    duration: z.string(),
    venue_name: z.string(),
    venue_slug: z.string(),
    location: z.object({ name: z.string() }),
    places_left: z.number().int(),
  }),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;
/** GET /api/waitlist: the customer's live entries for sessions that have not started, soonest first. */
export const waitlistReply = envelope(z.array(waitlistEntry));
/** POST /api/waitlist: join the waitlist of a full session. */
export const joinWaitlistBody = z.object({ session_id: id });
export const joinWaitlistReply = envelope(waitlistEntry);
export const waitlistParams = z.object({ waitlistId: idParam });

/** The waitlist calls' schemas (decision 043); their methods and paths are in routes/waitlist.ts. */
export const waitlistCalls = {
  listWaitlist: { reply: waitlistReply },
  joinWaitlist: { body: joinWaitlistBody, reply: joinWaitlistReply, status: 201 },
  leaveWaitlist: { params: waitlistParams, reply: messageReply },
} as const satisfies Calls;
