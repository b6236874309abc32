import { z } from 'zod';
import { envelope } from './common.ts';

/** GET /api/health */
export const healthReply = envelope(z.object({ status: z.literal('ok') }));

/** GET /api/health/live: the process is up (never touches the database). */
export const livenessReply = envelope(z.object({ status: z.literal('ok') }));

/**
 * One readiness check's outcome (the reason stays in the server log: no internal addresses on a public route). A
 * 'warning' does not make the process unready; its `detail` says what an operator should change (e.g. mail is only
 * queued because SMTP_URL is unset in production).
 */
export const readinessCheck = z.object({
  name: z.string(),
  status: z.enum(['ok', 'warning', 'failed', 'timeout']),
  ms: z.number().int().nonnegative(),
  detail: z.string().optional(),
});
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/** GET /api/health/ready: 200 when every check (database, job engine, ...) passed, warnings included. */
export const readinessReply = envelope(
  z.object({ status: z.literal('ready'), checks: z.array(readinessCheck) }),
);

/** GET /api/health/ready: 503 when a check failed or timed out, or while the process is shutting down. */
export const notReadyReply = z.object({
  message: z.string(),
  status: z.enum(['not_ready', 'shutting_down']),
  checks: z.array(readinessCheck),
});

/** Every API call except health answers 503 with this message while MAINTENANCE_MODE is on. */
export const MAINTENANCE_MESSAGE = 'Unable to access the site due to planned maintenance.';

/** Demo mode only: GET /api/dev/mail/messages (newest first). */
export const devMailQuery = z.object({ to: z.string().max(254).optional() });
export const devMailMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type DevMailMessage = z.infer<typeof devMailMessage>;
export const devMailReply = envelope(z.array(devMailMessage));

/**
 * Demo mode only: POST /api/dev/members makes a fresh member of the demo operator (password DEMO_PASSWORD), so a
 * browser test has a member of its own. `demo`: like the demo customer (home venue, a Gym & Swim membership paid
 * by direct debit, a saved Visa); `payments`: two unpaid fees, booking credit, a saved Visa and a guest-pass
 * bundle; `management`: five memberships to change, renew, freeze and cancel, a No-show fee, a class pass and a
 * signed Body Pump waiver; `desk`: as `payments`, and booked on the home venue's first session of today (for the
 * staff console's register).
 */
export const DEV_MEMBER_KINDS = ['demo', 'payments', 'management', 'desk', 'lapsed-direct-debit'] as const;
export const devMemberBody = z.object({ kind: z.enum(DEV_MEMBER_KINDS) });
export type DevMemberBody = z.infer<typeof devMemberBody>;
export const devMemberReply = envelope(
  z.object({
    id: z.number().int(),
    reference: z.string(),
    email: z.string(),
    password: z.string(),
    first_name: z.string(),
  }),
);
