import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope } from './common.ts';

/** The operator ("client") this deployment serves, with its feature flags (spec: GET client). */
export const client = z.object({
  id: z.number().int(),
  name: z.string(),
  op_gtm_id: z.string().nullable().describe('Tag-manager container id; nothing external loads when null'),
  features: z.object({
    online_joining: z.boolean(),
    online_joining_map: z.boolean(),
    online_guest_passes: z.boolean(),
    credits: z.boolean(),
    activities_v2: z.boolean(),
    profile_photo: z.boolean(),
  }),
  kiosk_home_url: z.string().nullable(),
  support_email: z.string(),
});
export type Client = z.infer<typeof client>;
export const clientReply = envelope(client);

export const footerQuery = z.object({ venue: z.string().max(100).optional() });
/** Footer HTML, sanitised on the server and again in the browser before it is rendered. */
export const footerReply = envelope(z.object({ html: z.string() }));

export const clientCalls = {
  getClient: { reply: clientReply },
  getFooter: { query: footerQuery, reply: footerReply },
} as const satisfies Calls;
