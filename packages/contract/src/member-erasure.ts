import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope } from './common.ts';
import { memberParams } from './staff-members.ts';
import { ERASURE_TEXTS } from './texts/member-erasure.ts';

export { ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASURE_TEXTS, erasedEmail } from './texts/member-erasure.ts';

/**
 * Erasing a customer's personal data (decision 073): administrators only. The body carries the customer's number
 * typed by the administrator as confirmation; the server compares it with the customer's (422 when it differs).
 */
export const memberErasureBody = z.object({
  confirmation: z
    .string()
    .trim()
    .min(1, ERASURE_TEXTS.confirmationRequired)
    .max(40, ERASURE_TEXTS.confirmationMismatch),
});
export type MemberErasureBody = z.infer<typeof memberErasureBody>;

export const memberErasureReply = envelope(
  z.object({
    id: z.number().int(),
    reference: z.string(),
    message: z.string(),
    files_deleted: z.number().int().describe('Files of the customer removed from the file store'),
  }),
);

export const memberErasureCalls = {
  eraseStaffMember: { params: memberParams, body: memberErasureBody, reply: memberErasureReply },
} as const satisfies Calls;
