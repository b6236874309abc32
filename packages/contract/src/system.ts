import { z } from 'zod';
import { envelope } from './common.ts';

/** GET /api/health */
export const healthReply = envelope(z.object({ status: z.literal('ok') }));

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
