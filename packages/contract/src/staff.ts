import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, pageFields, pagination } from './common.ts';
import { id, idParam } from './fields.ts';
import { STAFF_TEXTS } from './texts/staff.ts';

export { STAFF_PASSWORD_LINK_VALID_HOURS, STAFF_TEXTS, STAFF_TOTP_SETUP_MINUTES } from './texts/staff.ts';

/**
 * The staff console (/admin/): staff accounts are separate from customers, with their own session cookie. Roles
 * (checked on the server for every call): administrator (everything, staff accounts, the audit log), centre manager
 * (their venues), front desk (their venue's desk work), finance (reports and exports of every venue, issue 37).
 */
export const STAFF_ROLES = ['administrator', 'centre_manager', 'front_desk', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  administrator: 'Administrator',
  centre_manager: 'Centre manager',
  front_desk: 'Front desk',
  finance: 'Finance',
};
/** Roles that work at every venue (no venue list of their own); every other role keeps at least one venue. */
export const VENUE_WIDE_ROLES: readonly StaffRole[] = ['administrator', 'finance'];
export const worksEverywhere = (role: StaffRole): boolean => VENUE_WIDE_ROLES.includes(role);

/** HttpOnly cookie holding the staff session token (never readable by JavaScript). */
export const STAFF_SESSION_COOKIE = 'fh_staff_session';
/** A staff session ends after this long without a call. */
export const STAFF_IDLE_MINUTES = 30;
/** And after this long whatever happens. */
export const STAFF_SESSION_MAX_HOURS = 12;

/** Staff passwords: stronger than members' (12 characters, four kinds). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, STAFF_TEXTS.passwordRule)
  .max(200)
  .regex(/[a-z]/, STAFF_TEXTS.passwordRule)
  .regex(/[A-Z]/, STAFF_TEXTS.passwordRule)
  .regex(/[0-9]/, STAFF_TEXTS.passwordRule)
  .regex(/[^A-Za-z0-9]/, STAFF_TEXTS.passwordRule);

export const staffVenue = z.object({ id, name: z.string(), slug: z.string() });
/** GET /api/staff/venues: every venue (not archived), for the venue picker of a new staff account. */
export const staffVenuesReply = envelope(z.array(staffVenue));

export const staffMember = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The venues a centre manager or front desk works at (all venues for an administrator). */
  venues: z.array(staffVenue),
  totp_enabled: z.boolean(),
  disabled: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffMeReply = envelope(staffMember);

export const staffLoginBody = z.object({
  email: z.string().trim().min(1, STAFF_TEXTS.emailRequired).max(254),
  password: z.string().min(1, STAFF_TEXTS.passwordRequired).max(200),
  /** The six-digit code from an authenticator app, when the account has a second factor. */
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, STAFF_TEXTS.codeFormat)
    .optional(),
});
export type StaffLoginBody = z.infer<typeof staffLoginBody>;
/** 200 with the staff member, or `code_required: true` (nothing logged in) when a second factor is needed. */
export const staffLoginReply = envelope(
  z.object({ staff: staffMember.nullable(), code_required: z.boolean() }),
);
/** POST /api/staff/auth/logout: an ended (or absent) session counts as logged out. */
export const staffLogoutReply = envelope(z.object({ logged_out: z.boolean() }));

export const staffAccountBody = z.object({
  email: z.string().trim().email(STAFF_TEXTS.emailFormat).max(254),
  name: z.string().trim().min(1, STAFF_TEXTS.nameRequired).max(120),
  role: z.enum(STAFF_ROLES),
  venue_ids: z.array(id).max(200),
  password: staffPassword,
});
export type StaffAccountBody = z.infer<typeof staffAccountBody>;

/**
 * PUT /api/staff/me/password (any staff role, their own account): the current password, and the new one twice.
 * 422 under current_password when it is not right; the staff member's other sessions end.
 */
export const staffPasswordChangeBody = z
  .object({
    current_password: z.string().min(1, STAFF_TEXTS.passwordRequired).max(200),
    password: staffPassword,
    repeat_password: z.string().max(200),
  })
  .refine((body) => body.password === body.repeat_password, {
    path: ['repeat_password'],
    message: STAFF_TEXTS.passwordsDiffer,
  });
export type StaffPasswordChangeBody = z.infer<typeof staffPasswordChangeBody>;
/**
 * PUT /api/staff/accounts/:id/status (administrators): disable an account (it can no longer log in, its sessions end)
 * or enable it again. 422 under `disabled` for one's own account.
 */
export const staffAccountStatusBody = z.object({ disabled: z.boolean() });
export const staffAccountParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/**
 * PUT /api/staff/accounts/:id (administrators): the account's role and the venues a centre manager or front desk
 * works at (an administrator's list is ignored: they work everywhere). 422 under `role` for one's own role or the last
 * active administrator's, under `venue_ids` for none (a role that needs one) or a venue that is not the operator's.
 */
export const staffAccountUpdateBody = z.object({
  role: z.enum(STAFF_ROLES),
  venue_ids: z.array(id).max(200),
});
export type StaffAccountUpdateBody = z.infer<typeof staffAccountUpdateBody>;
/**
 * POST /api/staff/accounts/:id/password-reset (administrators, not for their own account): mails the staff member a
 * link to set a new password (once, for STAFF_PASSWORD_LINK_VALID_HOURS); the account's sessions end now.
 */
export const staffPasswordResetSentReply = envelope(
  z.object({ sent_to: z.string(), expires_at: z.string(), sessions_ended: z.number().int() }),
);
/**
 * A new authenticator for the account, waiting for its first code (POST …/totp): the secret as Base32 (typed by hand
 * when a camera cannot scan) and the otpauth:// link the QR code holds. Nothing changes until the code is right.
 */
export const staffTotpSetupReply = envelope(
  z.object({ secret: z.string(), otpauth_uri: z.string(), expires_at: z.string() }),
);
/** PUT …/totp: the first six-digit code from the new authenticator (422 under `code` if it is not right). */
export const staffTotpConfirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, STAFF_TEXTS.codeFormat),
});
export type StaffTotpConfirmBody = z.infer<typeof staffTotpConfirmBody>;
/** POST /api/staff/auth/password-link (public): whether a mailed password link still works, and whose it is. */
export const staffPasswordLinkBody = z.object({ token: z.string().min(1).max(200) });
export const staffPasswordLinkReply = envelope(z.object({ email: z.string(), name: z.string() }));
/**
 * POST /api/staff/auth/password-reset (public): the link's token and the new password twice, by the staff password
 * rule. 403 when the link has expired or been used; every session of the account ends.
 */
export const staffPasswordResetBody = z
  .object({
    token: z.string().min(1).max(200),
    password: staffPassword,
    repeat_password: z.string().max(200),
  })
  .refine((body) => body.password === body.repeat_password, {
    path: ['repeat_password'],
    message: STAFF_TEXTS.passwordsDiffer,
  });
export type StaffPasswordResetBody = z.infer<typeof staffPasswordResetBody>;
export const staffPasswordResetReply = envelope(z.object({ changed: z.literal(true) }));

export const staffPasswordChangeReply = envelope(
  z.object({ changed: z.literal(true), other_sessions_ended: z.number().int() }),
);
export const staffAccountsReply = envelope(z.array(staffMember));
export const staffAccountReply = envelope(staffMember);

/** One staff action: who, what, when, and the record before and after. */
export const auditEntry = z.object({
  id,
  at: z.string().describe('ISO 8601 instant'),
  staff: z.object({ id, name: z.string(), email: z.string() }).nullable(),
  /** Who did it, as recorded: the staff member's name, or a command or job ('npm run staff', 'scheduled job'). */
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  staff_id: z.coerce.number().int().positive().optional(),
});
export const auditReply = envelope(
  z.object({ entries: z.array(auditEntry), page: z.number().int(), has_more: z.boolean() }),
);
export const AUDIT_PAGE_SIZE = 50;

/** The approvals queue: freeze requests and eligibility documents waiting for staff. */
export const APPROVAL_KINDS = ['freeze_request', 'eligibility_document'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const approvalItem = z.object({
  kind: z.enum(APPROVAL_KINDS),
  id,
  submitted_at: z.string(),
  customer: z.object({ id, reference: z.string(), name: z.string(), email: z.string() }),
  membership: z.object({ id, reference: z.string(), name: z.string(), venue: z.string().nullable() }),
  /** 'Medical, 2 months from 1 Dec 2026' or 'Student: Student ID card'. */
  summary: z.string(),
  /** Staff-only link to the uploaded file, or null when none was uploaded. */
  file: z.object({ url: z.string(), name: z.string(), mime_type: z.string() }).nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
/** One item of the queue: /api/staff/approvals/:kind/:id/… */
export const approvalItemParams = z.object({ kind: z.enum(APPROVAL_KINDS), id: idParam });
/** The approvals queue's pages: 25 items a page unless asked for more, at most 100. */
export const APPROVALS_PAGE_SIZE = 25;
export const APPROVALS_MAX_PAGE_SIZE = 100;
/**
 * GET /api/staff/approvals?page=1&per_page=25: the pending freeze requests and eligibility documents at the staff
 * member's venues, one queue oldest submitted first (ties by id), a page at a time with the totals.
 */
export const approvalsQuery = z.object({ ...pageFields(APPROVALS_PAGE_SIZE, APPROVALS_MAX_PAGE_SIZE) });
export type ApprovalsQuery = z.infer<typeof approvalsQuery>;
export const approvalsReply = envelope(z.object({ approvals: z.array(approvalItem), pagination }));
export const approvalDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(300).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason ?? '').length > 0, {
    message: STAFF_TEXTS.reasonRequired,
    path: ['reason'],
  });
export type ApprovalDecisionBody = z.infer<typeof approvalDecisionBody>;
export const approvalDecisionReply = envelope(z.object({ status: z.string() }));

/** The staff console's calls (decision 043): logging in and out, the staff member's own account, administration. */
export const staffCalls = {
  /** Public; rate-limited by address. */
  staffLogin: { body: staffLoginBody, reply: staffLoginReply },
  /** Public. */
  staffLogout: { reply: staffLogoutReply },
  getStaffMe: { reply: staffMeReply },
  changeStaffPassword: { body: staffPasswordChangeBody, reply: staffPasswordChangeReply },
  listStaffAccounts: { reply: staffAccountsReply },
  createStaffAccount: { body: staffAccountBody, reply: staffAccountReply, status: 201 },
  setStaffAccountStatus: {
    params: staffAccountParams,
    body: staffAccountStatusBody,
    reply: staffAccountReply,
  },
  updateStaffAccount: { params: staffAccountParams, body: staffAccountUpdateBody, reply: staffAccountReply },
  sendStaffPasswordReset: { params: staffAccountParams, reply: staffPasswordResetSentReply },
  startStaffTotp: { params: staffAccountParams, reply: staffTotpSetupReply },
  confirmStaffTotp: { params: staffAccountParams, body: staffTotpConfirmBody, reply: staffAccountReply },
  resetStaffTotp: { params: staffAccountParams, reply: staffAccountReply },
  /** Any staff role, their own account. */
  startOwnStaffTotp: { reply: staffTotpSetupReply },
  confirmOwnStaffTotp: { body: staffTotpConfirmBody, reply: staffMeReply },
  /** Public; rate-limited by address. */
  checkStaffPasswordLink: { body: staffPasswordLinkBody, reply: staffPasswordLinkReply },
  /** Public; rate-limited by address. */
  resetStaffPassword: { body: staffPasswordResetBody, reply: staffPasswordResetReply },
  listStaffAudit: { query: auditQuery, reply: auditReply },
  listStaffVenues: { reply: staffVenuesReply },
  listStaffApprovals: { query: approvalsQuery, reply: approvalsReply },
  /** The uploaded file of an item, shown in the browser (no JSON reply). */
  staffApprovalFile: { params: approvalItemParams },
  decideStaffApproval: {
    params: approvalItemParams,
    body: approvalDecisionBody,
    reply: approvalDecisionReply,
  },
} as const satisfies Calls;
