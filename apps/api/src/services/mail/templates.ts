import { DIRECT_DEBIT_TEXTS, MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * Every mail's HTML: a whole document in British English (lang, charset, a title that is the subject, a viewport for
 * phones), so mail clients and screen readers read it right.
 */
export const layout = (clientName: string, subject: string, body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#1d2433;line-height:1.5">${body}<p style="color:#666">${escapeHtml(clientName)}</p></body></html>`;

export function welcomeMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  accountUrl: string;
}) {
  const subject = `Welcome to ${input.clientName}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Your account has been created. Your customer number is ${input.reference}.`,
    `You can log in with your email address or customer number at ${input.accountUrl}/login`,
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>Your account has been created. Your customer number is <strong>${escapeHtml(input.reference)}</strong>.</p><p><a href="${escapeHtml(`${input.accountUrl}/login`)}">Log in to your account</a></p>`,
  );
  return { kind: 'welcome', subject, text, html };
}

export function passwordResetMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  link: string;
}) {
  const subject = 'Reset your password';
  const text = [
    `Hello ${input.firstName},`,
    '',
    `We received a request to reset the password of account ${input.reference}.`,
    `Choose a new password here (the link works once, for 60 minutes): ${input.link}`,
    '',
    'If you did not ask for this, you can ignore this email.',
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>We received a request to reset the password of account ${escapeHtml(input.reference)}.</p><p><a href="${escapeHtml(input.link)}">Choose a new password</a> (the link works once, for 60 minutes).</p><p>If you did not ask for this, you can ignore this email.</p>`,
  );
  return { kind: 'password_reset', subject, text, html };
}

/** A customer made at the desk is invited to set a password and use the website (decision 070). */
export function accountInviteMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  link: string;
  validDays: number;
}) {
  const subject = `Set your password for ${input.clientName}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Our team has made you an account: your customer number is ${input.reference}.`,
    `Set a password to book and manage your visits online (the link works once, for ${input.validDays} days): ${input.link}`,
    '',
    'If you did not expect this, you can ignore this email.',
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>Our team has made you an account: your customer number is <strong>${escapeHtml(input.reference)}</strong>.</p><p><a href="${escapeHtml(input.link)}">Set your password</a> to book and manage your visits online (the link works once, for ${input.validDays} days).</p><p>If you did not expect this, you can ignore this email.</p>`,
  );
  return { kind: 'account_invite', subject, text, html };
}

/** Tells the old address that staff changed the account's email (so a mistaken or unwanted change is noticed). */
export function emailChangedMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  newEmail: string;
}) {
  const subject = 'Your email address has changed';
  const text = [
    `Hello ${input.firstName},`,
    '',
    `The email address of account ${input.reference} was changed at one of our centres to ${input.newEmail}. We will write to that address from now on.`,
    '',
    'If this is a mistake, please contact us.',
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>The email address of account ${escapeHtml(input.reference)} was changed at one of our centres to ${escapeHtml(input.newEmail)}. We will write to that address from now on.</p><p>If this is a mistake, please contact us.</p>`,
  );
  return { kind: 'email_changed', subject, text, html };
}

export type ConfirmationLine = { name: string; when: string | null; where: string | null; price: string };

export function bookingConfirmationMail(input: {
  clientName: string;
  firstName: string;
  orderId: number;
  lines: ConfirmationLine[];
  total: string;
  link: string;
}) {
  const subject = `Booking confirmed (order ${input.orderId})`;
  const describe = (l: ConfirmationLine) =>
    `${[l.name, l.when, l.where].filter(Boolean).join(', ')} (${l.price})`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Thank you: your order ${input.orderId} is complete.`,
    '',
    ...input.lines.map((l) => `- ${describe(l)}`),
    '',
    `Total: ${input.total}`,
    `See your booking and add it to your calendar: ${input.link}`,
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>Thank you: your order ${input.orderId} is complete.</p><ul>${input.lines
      .map((l) => `<li>${escapeHtml(describe(l))}</li>`)
      .join(
        '',
      )}</ul><p>Total: <strong>${escapeHtml(input.total)}</strong></p><p><a href="${escapeHtml(input.link)}">See your booking and add it to your calendar</a></p>`,
  );
  return { kind: 'booking_confirmation', subject, text, html };
}

export function waitlistPlaceFreeMail(input: {
  clientName: string;
  firstName: string;
  session: string;
  venueName: string;
  link: string;
}) {
  const subject = `A place is free: ${input.session}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `A place has become free on ${input.session} at ${input.venueName}, which you are waiting for.`,
    'Everyone on the waitlist hears at the same time: the first to book gets the place.',
    `Book it here: ${input.link}`,
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>A place has become free on <strong>${escapeHtml(input.session)}</strong> at ${escapeHtml(input.venueName)}, which you are waiting for.</p><p>Everyone on the waitlist hears at the same time: the first to book gets the place.</p><p><a href="${escapeHtml(input.link)}">Book it now</a></p>`,
  );
  return { kind: 'waitlist_place_free', subject, text, html };
}

export function guestPassMail(input: {
  clientName: string;
  guestName: string;
  senderName: string;
  venueName: string;
  venueAddress: string;
  code: string;
  validTo: string;
}) {
  const subject = `${input.senderName} has sent you a guest pass for ${input.venueName}`;
  const text = [
    `Hello ${input.guestName},`,
    '',
    `${input.senderName} has sent you a guest pass for ${input.venueName} (${input.venueAddress}).`,
    '',
    `Your guest pass code: ${input.code}`,
    `Valid until: ${input.validTo}`,
    '',
    'Show this code at reception when you arrive. The pass can be used once.',
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.guestName)},</p><p>${escapeHtml(input.senderName)} has sent you a guest pass for <strong>${escapeHtml(input.venueName)}</strong> (${escapeHtml(input.venueAddress)}).</p><p style="font-size:20px">Your guest pass code: <strong>${escapeHtml(input.code)}</strong></p><p>Valid until: ${escapeHtml(input.validTo)}</p><p>Show this code at reception when you arrive. The pass can be used once.</p>`,
  );
  return { kind: 'guest_pass', subject, text, html };
}

/**
 * A member's eligibility document is about to expire (sent once per document by the scheduled reminder), in the
 * account's words (account-shell §5 eligibility notices). `link`: the account's memberships page, when known.
 */
export function documentExpiryReminderMail(input: {
  clientName: string;
  firstName: string;
  membershipName: string;
  documentName: string;
  expiresOn: string;
  daysToExpiry: number;
  link: string | null;
}) {
  const t = MEMBERSHIP_MANAGEMENT_TEXTS;
  const subject = `Your ${input.documentName} ${t.expiresIn(input.daysToExpiry)}`;
  const what = `The ${input.documentName} you uploaded for your ${input.membershipName} membership ${t.expiresIn(input.daysToExpiry)}, on ${input.expiresOn}.`;
  const where = input.link
    ? `Upload a new document here: ${input.link}`
    : 'Log in to your account and upload a new document under Memberships.';
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${t.documentExpiring}.`,
    what,
    where,
    '',
    t.suspensionWarning,
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p><strong>${escapeHtml(t.documentExpiring)}.</strong></p><p>${escapeHtml(what)}</p><p>${
      input.link ? `<a href="${escapeHtml(input.link)}">Upload a new document</a>` : escapeHtml(where)
    }</p><p>${escapeHtml(t.suspensionWarning)}</p>`,
  );
  return { kind: 'document_expiry_reminder', subject, text, html };
}

/**
 * The member's direct-debit mandate was cancelled (by them at their bank, or by the bank) or could not be set up
 * (GoCardless `mandates.cancelled` / `mandates.failed`). `link`: the account's payments page, when known.
 */
export function directDebitMandateMail(input: {
  clientName: string;
  firstName: string;
  outcome: 'cancelled' | 'failed';
  reference: string;
  link: string | null;
}) {
  const t = DIRECT_DEBIT_TEXTS;
  const subject = input.outcome === 'cancelled' ? t.mandateCancelledSubject : t.mandateFailedSubject;
  const notice = input.outcome === 'cancelled' ? t.cancelledNotice : t.failedNotice;
  const ref = `Direct debit reference: ${input.reference}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    notice,
    ref,
    ...(input.link ? ['', `Your account: ${input.link}`] : []),
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(notice)}</p><p>${escapeHtml(ref)}</p>${
      input.link ? `<p><a href="${escapeHtml(input.link)}">Your account</a></p>` : ''
    }`,
  );
  return { kind: `direct_debit_mandate_${input.outcome}`, subject, text, html };
}

/** A direct-debit collection failed (GoCardless `payments.failed`); `fee` is the fee raised, if the operator set one. */
export function failedCollectionMail(input: {
  clientName: string;
  firstName: string;
  amount: string;
  dueOn: string;
  fee: string | null;
  link: string | null;
}) {
  const t = DIRECT_DEBIT_TEXTS;
  const subject = t.collectionFailedSubject;
  const lines = [
    t.collectionFailed(input.amount, input.dueOn),
    input.fee ? t.collectionFailedFee(input.fee) : t.collectionFailedNotice,
  ];
  const text = [
    `Hello ${input.firstName},`,
    '',
    ...lines,
    ...(input.link ? ['', `Your account: ${input.link}`] : []),
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${
      input.link ? `<p><a href="${escapeHtml(input.link)}">Your account</a></p>` : ''
    }`,
  );
  return { kind: 'direct_debit_collection_failed', subject, text, html };
}

/**
 * A session staff cancelled (issue 35): one mail to each member it touched, saying what happened, why, and what they
 * got back (a booked member: each refund and allowance; someone waiting: that the waitlist has ended).
 */
export function sessionCancelledMail(input: {
  clientName: string;
  firstName: string;
  session: string;
  venueName: string;
  reason: string;
  /** Booked members: one line each, e.g. '£6.50 back to your card (it can take 5–10 working days to show)'. */
  returned: string[] | null;
  accountUrl: string;
}) {
  const subject = `Cancelled: ${input.session}`;
  const opening = `We are sorry: ${input.session} at ${input.venueName} is cancelled. ${input.reason}`;
  const after = input.returned
    ? input.returned.length
      ? [
          'Your booking is cancelled and you get back what you paid with:',
          ...input.returned.map((r) => `- ${r}`),
        ]
      : ['Your booking is cancelled. There was nothing to pay, so there is nothing to give back.']
    : ['You were on its waitlist: that has ended too.'];
  const text = [
    `Hello ${input.firstName},`,
    '',
    opening,
    '',
    ...after,
    '',
    `Your bookings and credit: ${input.accountUrl}`,
    '',
    input.clientName,
  ].join('\n');
  const list = input.returned?.length
    ? `<ul>${input.returned.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`
    : '';
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>We are sorry: <strong>${escapeHtml(input.session)}</strong> at ${escapeHtml(input.venueName)} is cancelled. ${escapeHtml(input.reason)}</p><p>${escapeHtml(after[0]!)}</p>${list}<p><a href="${escapeHtml(input.accountUrl)}">Your bookings and credit</a></p>`,
  );
  return { kind: 'session_cancelled', subject, text, html };
}
