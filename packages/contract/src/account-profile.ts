import { z } from 'zod';
import { passwordResetReply } from './auth.ts';
import type { Calls } from './call.ts';
import { envelope, messageReply, money } from './common.ts';
import { idParam } from './fields.ts';
import { dataFieldsQuery } from './joining.ts';
import {
  accountMembershipsReply,
  passwordChangeBody,
  userUpdateBody,
  userUpdateReply,
} from './membership-purchase.ts';

export { MAX_PHOTO_BYTES, PROFILE_TEXTS } from './texts/account-profile.ts';

/**
 * The account's packages, profile photo and waivers (account-shell §2 /packages, Profile photo modal, §3 Package,
 * Profile photo, §7; joining §2 Waivers, §3 Waiver entry, §7 Waiver / Waivers list).
 */

// Packages (GET promotions/user/packages)

export const accountPackage = z.object({
  id: z.number().int(),
  area: z.string().describe("Where it can be used, e.g. 'All centres' or venue names"),
  name: z.string(),
  description: z.string(),
  price: money,
  expires: z.string().nullable().describe('D MMMM YYYY, null when it never expires'),
  sessions_included: z.number().int(),
  sessions_remaining: z.number().int(),
  contents: z.array(
    z.object({ usages: z.number().int(), concatenated_name: z.string(), remaining: z.number().int() }),
  ),
});
export type AccountPackage = z.infer<typeof accountPackage>;
export const packagesReply = envelope(z.array(accountPackage));

// Profile photo (POST/DELETE user/profile-photo)

/** POST /api/user/profile-photo multipart {photo} → 201 user.profile_photo; 422 key `photo`. */
export const profilePhotoReply = envelope(
  z.object({
    url: z.string().nullable(),
    is_set: z.boolean(),
    authorisation: z.object({ allowed: z.boolean() }),
    reminder: z.object({ dismissed: z.boolean() }),
  }),
);
/** DELETE /api/user/profile-photo → 200 profilePhotoReply. PUT /api/user/profile-photo/reminder {dismissed} → 200. */
export const photoReminderBody = z.object({ dismissed: z.literal(true) });
/** GET /api/user/profile-photo/:file → the image (owner only; the url in profile_photo points here). */
export const photoFileParams = z.object({ file: z.string().regex(/^[a-zA-Z0-9_-]{8,80}\.(jpg|png)$/) });

// Waivers (GET my-account/user/waivers, GET my-account/user/waivers/{slug}, POST …/{slug}/sign)

export const WAIVER_TYPES = ['simple', 'enhanced-pre-waiver'] as const;

const prettyDate = z.object({ full_date: z.string().describe('DD/MM/YYYY'), raw_pretty: z.string() });

export const waiverQuestion = z.object({
  question: z.object({
    id: z.number().int(),
    label: z.string(),
    type: z.string(),
    reference: z.string().describe("'attendee_name' is pre-generated and not shown"),
  }),
  answers: z.array(z.object({ id: z.number().int(), answer: z.string() })),
});

export const waiverSignature = z.object({
  id: z.number().int().describe('The waiver id (the slug of its page)'),
  attendee: z.string().nullable(),
  signed: z.object({ raw_pretty: z.string() }).nullable(),
  expired: z.boolean(),
  expires: z.object({ date: prettyDate }).nullable().describe('null = never expires'),
  terms: z.string().describe('Sanitised HTML of the version signed'),
  questions: z.array(waiverQuestion),
});

export const waiverEntry = z.object({
  restriction: z.object({ id: z.number().int(), name: z.string(), type: z.enum(WAIVER_TYPES) }),
  waivers: z.array(waiverSignature),
});
export type WaiverEntry = z.infer<typeof waiverEntry>;
/** Expired waivers are left out of the list. */
export const waiversReply = envelope(z.array(waiverEntry));

export const waiverParams = z.object({ slug: idParam });
/** Enhanced pre-waivers: which attendee's signature to show (each attendee's 'View' passes its name). */
export const waiverQuery = z.object({ attendee: z.string().trim().min(1).max(200).optional() });
export const waiver = z.object({
  id: z.number().int(),
  type: z.enum(WAIVER_TYPES),
  title: z.string(),
  body: z.string().describe('Sanitised HTML of the latest version'),
  version: z.number().int(),
  /** When the caller signed the latest version (null: not signed, or only an older version). */
  signed_on: z.string().nullable().describe('D MMMM YYYY'),
  expired: z.boolean(),
  expires: z.object({ date: prettyDate }).nullable(),
  /** Enhanced pre-waivers: the attendee view. */
  attendee: z
    .object({
      name: z.string(),
      expires: z.string().nullable(),
      questions: z.array(waiverQuestion),
    })
    .nullable(),
});
export type Waiver = z.infer<typeof waiver>;
/** GET → 404 'Could not find this waiver.' when missing or not the caller's restriction. */
export const waiverReply = envelope(waiver);
/** POST /api/my-account/user/waivers/:slug/sign → 200 waiver (signs the latest version, records who/which/when). */
export const waiverSignReply = waiverReply;
export const profileMessageReply = messageReply;

/**
 * The account's calls (decision 043): the member's details, password and memberships (their schemas are in
 * membership-purchase.ts), packages, waivers and the profile photo (its upload is multipart).
 */
export const accountCalls = {
  /** The data-field form's answers keyed by path, with the form's checksum; the reply is the user. */
  updateUserDetails: { query: dataFieldsQuery, body: userUpdateBody, reply: userUpdateReply },
  changeAccountPassword: { body: passwordChangeBody, reply: passwordResetReply },
  /** The spec's `GET user/memberships`. */
  listUserMemberships: { reply: accountMembershipsReply },
  /** The same list on the path the account site has used. */
  listAccountMemberships: { reply: accountMembershipsReply },
  listAccountPackages: { reply: packagesReply },
  listWaivers: { reply: waiversReply },
  getWaiver: { params: waiverParams, query: waiverQuery, reply: waiverReply },
  signWaiver: { params: waiverParams, reply: waiverSignReply },
  /** Multipart: the one `photo` file part (a JPEG, PNG or WebP of at most MAX_PHOTO_BYTES). */
  uploadProfilePhoto: { upload: { file: 'photo' }, reply: profilePhotoReply, status: 201 },
  deleteProfilePhoto: { reply: profilePhotoReply },
  dismissPhotoReminder: { body: photoReminderBody, reply: profilePhotoReply },
} as const satisfies Calls;
