import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, pagination } from './common.ts';
import { id, idParam, personName } from './fields.ts';
import { GUEST_PASS_PAGE_SIZE } from './texts/guest-passes.ts';

export { GUEST_PASS_PAGE_SIZE, GUEST_PASS_TEXTS } from './texts/guest-passes.ts';

export const GUEST_PASS_STATUSES = ['issued', 'expired', 'redeemed'] as const;

/** Guest pass (account-shell §3). Times are ISO instants; the UI shows 'D MMM YYYY at HH:mm' venue-local. */
export const guestPass = z.object({
  id: z.number().int(),
  guest_name: z.string(),
  guest_email: z.string(),
  status: z.enum(GUEST_PASS_STATUSES).describe('expired once valid_to has passed unredeemed'),
  valid_to: z.string(),
  redeemed_at: z.string().nullable(),
  created_at: z.string(),
  code: z.string().describe('Shown to the venue by the guest'),
  venue: z.object({ id: z.number().int(), name: z.string() }),
});
export type GuestPass = z.infer<typeof guestPass>;

/** Guest pass allowance (account-shell §3). */
export const guestPassAllowance = z.object({
  pricing_option_id: z.number().int().describe('Identifies the allowance when sending'),
  name: z.string(),
  uses_remaining: z.number().int(),
  expires_at: z.string().nullable(),
  type: z.enum(['benefit', 'package']),
  venues: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GuestPassAllowance = z.infer<typeof guestPassAllowance>;

/** Every guest-pass call is scoped to the caller: another :userId answers 404. */
export const guestPassUserParams = z.object({ userId: idParam });
export const guestPassParams = z.object({
  userId: idParam,
  id: idParam,
});
/** GET /api/v1/users/:userId/guestPasses?page=1&per_page=10 (newest first). */
export const guestPassesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(GUEST_PASS_PAGE_SIZE),
});
export const guestPassesReply = envelope(
  z.object({
    guest_passes: z.array(guestPass),
    pagination,
  }),
);
/** GET /api/v1/users/:userId/guestPasses/:id */
export const guestPassReply = envelope(guestPass);
/** GET /api/v1/users/:userId/guestPasses/allowances */
export const guestPassAllowancesReply = envelope(z.array(guestPassAllowance));
/** POST /api/v1/users/:userId/guestPasses — uses one allowance that covers the venue, in one transaction. */
export const createGuestPassBody = z.object({
  data: z.object({
    guest_name: personName('Guest name').min(1, 'Guest name is required.'),
    guest_email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(254),
    venue_id: z.array(id).min(1, 'Please select a venue').max(1),
    pricing_option_id: z
      .number()
      .int()
      .optional()
      .describe('Which allowance to use; the soonest-expiring by default'),
  }),
});
/** A guest pass is valid to the end of the 7th day after the day it is sent (venue-local). */
export const GUEST_PASS_VALID_DAYS = 7;

export const guestPassCalls = {
  listGuestPasses: { params: guestPassUserParams, query: guestPassesQuery, reply: guestPassesReply },
  getGuestPassAllowances: { params: guestPassUserParams, reply: guestPassAllowancesReply },
  getGuestPass: { params: guestPassParams, reply: guestPassReply },
  sendGuestPass: {
    params: guestPassUserParams,
    body: createGuestPassBody,
    reply: guestPassReply,
    status: 201,
  },
} as const satisfies Calls;
