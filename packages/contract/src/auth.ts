import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, personName } from './fields.ts';
import { LOGIN_PASSWORD_MAX_LENGTH, LOGIN_TEXTS, LOGIN_USERNAME_MAX_LENGTH } from './login.ts';
import { PASSWORD_RULE_TEXT, PASSWORDS_DO_NOT_MATCH } from './texts/auth.ts';

export { PASSWORD_RULE_TEXT, PASSWORD_UPDATED, PASSWORDS_DO_NOT_MATCH } from './texts/auth.ts';

export const PASSWORD_MIN_LENGTH = 8;

/** Password rules (account-shell §5): checked identically by client and server. */
export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT)
  .max(200)
  .regex(/[a-z]/, PASSWORD_RULE_TEXT)
  .regex(/[A-Z]/, PASSWORD_RULE_TEXT)
  .regex(/[0-9]/, PASSWORD_RULE_TEXT)
  .regex(/[^A-Za-z0-9]/, PASSWORD_RULE_TEXT);

export const profilePhoto = z.object({
  url: z.string().nullable(),
  is_set: z.boolean(),
  authorisation: z.object({ allowed: z.boolean() }),
  reminder: z.object({ dismissed: z.boolean() }),
});

export const documentExpiry = z.object({
  expired: z.boolean(),
  document_expiring_soon: z.boolean(),
  days_to_expiry: z.number().int(),
  membership_id: z.number().int(),
});

/** The logged-in customer (account-shell §3 User). */
export const user = z.object({
  id: z.number().int(),
  reference: z.string().describe('Customer number shown as "Customer no"'),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  home_venue_slug: z.string().nullable(),
  membership_user: z.boolean(),
  credit: z.object({ balance: money }),
  has_instruction: z.boolean().describe('Has an active direct-debit instruction'),
  has_billing_date: z.boolean(),
  has_outstanding_penalties: z.boolean(),
  document_expiry: z.array(documentExpiry),
  membership_document_upload_required: z.boolean(),
  days_allowance_to_upload_eligibility_document: z.number().int().nullable(),
  profile_photo: profilePhoto,
});
export type User = z.infer<typeof user>;
export const userReply = envelope(user);

export const loginBody = z.object({
  username: z.string().trim().min(1, LOGIN_TEXTS.usernameRequired).max(LOGIN_USERNAME_MAX_LENGTH),
  password: z.string().min(1, LOGIN_TEXTS.passwordRequired).max(LOGIN_PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBody>;
/** The session token is set as an HttpOnly cookie; the reply carries the user, never the token. */
export const loginReply = userReply;

export const ONBOARDING_TYPES = ['customer_account_online', 'membership_purchase'] as const;
export const onboardingTypeQuery = z.object({ onboarding_type: z.enum(ONBOARDING_TYPES).optional() });

export const TERMS_REQUIRED_TEXT = 'You must accept the terms and conditions.';

export const registerBody = z
  .object({
    client_id: id,
    source: z.enum(['online', 'kiosk', 'front-of-house']).default('online'),
    first_name: personName('First name').min(1, 'First name is required.'),
    last_name: personName('Last name').min(1, 'Last name is required.'),
    email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(254),
    date_of_birth: z.iso.date('Date must be valid.').optional(),
    phone: z.string().trim().max(30).optional(),
    password,
    password_confirmation: z.string(),
    /**
     * Required (true) only when the client has terms to accept (joining §5: the checkbox shows only if terms exist);
     * the server answers 422 TERMS_REQUIRED_TEXT on terms_accepted otherwise.
     */
    terms_accepted: z.boolean().default(false),
    marketing_opt_in: z.boolean().default(false),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const forgottenPasswordBody = z.object({
  email_or_reference: z.string().trim().min(1, 'Please enter your email or customer ID.').max(254),
});
/** An email shared by several accounts answers 422 with a message whose first word is 'Multiple'. */
export const MULTIPLE_ACCOUNTS_MESSAGE =
  'Multiple accounts use this email address. Please enter your customer ID instead.';
export const CHECK_YOUR_EMAIL = 'Check your email';
/** How long a password reset (or activation) link works. */
export const PASSWORD_LINK_VALID_MINUTES = 60;

export const passwordResetValidateBody = z.object({ token: z.string().min(1).max(200) });
export const passwordResetValidateReply = envelope(z.object({ valid: z.literal(true), email: z.string() }));

export const passwordResetBody = z
  .object({
    token: z.string().min(1).max(200),
    password,
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORDS_DO_NOT_MATCH,
  });

/** Server texts for the auth calls (kept here so client and server agree). */
export const INVALID_CREDENTIALS = 'These credentials do not match our records.';
export const MULTIPLE_LOGIN_MATCHES =
  'Multiple accounts match these details. Please log in with your customer ID instead.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const UNAUTHENTICATED = 'Unauthenticated.';
export const LOGGED_OUT = 'Logged out';
export const logoutReply = envelope(z.object({ message: z.string() }));
export const registerReply = userReply;
export const forgottenPasswordReply = envelope(z.object({ message: z.string() }));
export const passwordResetReply = envelope(z.object({ message: z.string() }));

export const authCalls = {
  login: { body: loginBody, reply: loginReply },
  logout: { reply: logoutReply },
  register: { query: onboardingTypeQuery, body: registerBody, reply: registerReply, status: 201 },
  forgottenPassword: { body: forgottenPasswordBody, reply: forgottenPasswordReply },
  validatePasswordReset: { body: passwordResetValidateBody, reply: passwordResetValidateReply },
  resetPassword: { body: passwordResetBody, reply: passwordResetReply },
  /** The logged-in user (401 when logged out). */
  getUser: { reply: userReply },
} as const satisfies Calls;
