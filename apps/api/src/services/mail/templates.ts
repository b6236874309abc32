import { DIRECT_DEBIT_TEXTS, MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract';
import { composeMail } from './compose.ts';

export function welcomeMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  accountUrl: string;
}) {
  return composeMail({
    kind: 'welcome',
    clientName: input.clientName,
    subject: `Welcome to ${input.clientName}`,
    greet: input.firstName,
    blocks: [
      ['Your account has been created. Your customer number is ', { strong: input.reference }, '.'],
      {
        href: `${input.accountUrl}/login`,
        label: 'Log in to your account',
        textLabel: 'Log in with your email address or customer number',
      },
    ],
  });
}

export function passwordResetMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  link: string;
}) {
  return composeMail({
    kind: 'password_reset',
    clientName: input.clientName,
    subject: 'Reset your password',
    greet: input.firstName,
    blocks: [
      `We received a request to reset the password of account ${input.reference}.`,
      {
        href: input.link,
        label: 'Choose a new password',
        textLabel: 'Choose a new password here',
        note: '(the link works once, for 60 minutes)',
      },
      'If you did not ask for this, you can ignore this email.',
    ],
  });
}

/** A customer made at the desk is invited to set a password and use the website (decision 070). */
export function accountInviteMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  link: string;
  validDays: number;
}) {
  return composeMail({
    kind: 'account_invite',
    clientName: input.clientName,
    subject: `Set your password for ${input.clientName}`,
    greet: input.firstName,
    blocks: [
      ['Our team has made you an account: your customer number is ', { strong: input.reference }, '.'],
      {
        href: input.link,
        label: 'Set your password',
        textLabel: 'Set a password',
        note: `to book and manage your visits online (the link works once, for ${input.validDays} days)`,
      },
      'If you did not expect this, you can ignore this email.',
    ],
  });
}

/** Tells the old address that staff changed the account's email (so a mistaken or unwanted change is noticed). */
export function emailChangedMail(input: {
  clientName: string;
  firstName: string;
  reference: string;
  newEmail: string;
}) {
  return composeMail({
    kind: 'email_changed',
    clientName: input.clientName,
    subject: 'Your email address has changed',
    greet: input.firstName,
    blocks: [
      `The email address of account ${input.reference} was changed at one of our centres to ${input.newEmail}. We will write to that address from now on.`,
      'If this is a mistake, please contact us.',
    ],
  });
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
  const describe = (l: ConfirmationLine) =>
    `${[l.name, l.when, l.where].filter(Boolean).join(', ')} (${l.price})`;
  return composeMail({
    kind: 'booking_confirmation',
    clientName: input.clientName,
    subject: `Booking confirmed (order ${input.orderId})`,
    greet: input.firstName,
    blocks: [
      `Thank you: your order ${input.orderId} is complete.`,
      { list: input.lines.map(describe) },
      ['Total: ', { strong: input.total }],
      { href: input.link, label: 'See your booking and add it to your calendar' },
    ],
  });
}

export function waitlistPlaceFreeMail(input: {
  clientName: string;
  firstName: string;
  session: string;
  venueName: string;
  link: string;
}) {
  return composeMail({
    kind: 'waitlist_place_free',
    clientName: input.clientName,
    subject: `A place is free: ${input.session}`,
    greet: input.firstName,
    blocks: [
      [
        'A place has become free on ',
        { strong: input.session },
        ` at ${input.venueName}, which you are waiting for.`,
      ],
      'Everyone on the waitlist hears at the same time: the first to book gets the place.',
      { href: input.link, label: 'Book it now', textLabel: 'Book it here' },
    ],
  });
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
  return composeMail({
    kind: 'guest_pass',
    clientName: input.clientName,
    subject: `${input.senderName} has sent you a guest pass for ${input.venueName}`,
    greet: input.guestName,
    blocks: [
      [
        `${input.senderName} has sent you a guest pass for `,
        { strong: input.venueName },
        ` (${input.venueAddress}).`,
      ],
      { code: input.code, label: 'Your guest pass code' },
      `Valid until: ${input.validTo}`,
      'Show this code at reception when you arrive. The pass can be used once.',
    ],
  });
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
  return composeMail({
    kind: 'document_expiry_reminder',
    clientName: input.clientName,
    subject: `Your ${input.documentName} ${t.expiresIn(input.daysToExpiry)}`,
    greet: input.firstName,
    blocks: [
      [{ strong: `${t.documentExpiring}.` }],
      `The ${input.documentName} you uploaded for your ${input.membershipName} membership ${t.expiresIn(input.daysToExpiry)}, on ${input.expiresOn}.`,
      input.link
        ? { href: input.link, label: 'Upload a new document', textLabel: 'Upload a new document here' }
        : 'Log in to your account and upload a new document under Memberships.',
      t.suspensionWarning,
    ],
  });
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
  return composeMail({
    kind: `direct_debit_mandate_${input.outcome}`,
    clientName: input.clientName,
    subject: input.outcome === 'cancelled' ? t.mandateCancelledSubject : t.mandateFailedSubject,
    greet: input.firstName,
    blocks: [
      input.outcome === 'cancelled' ? t.cancelledNotice : t.failedNotice,
      `Direct debit reference: ${input.reference}`,
      input.link && { href: input.link, label: 'Your account' },
    ],
  });
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
  return composeMail({
    kind: 'direct_debit_collection_failed',
    clientName: input.clientName,
    subject: t.collectionFailedSubject,
    greet: input.firstName,
    blocks: [
      t.collectionFailed(input.amount, input.dueOn),
      input.fee ? t.collectionFailedFee(input.fee) : t.collectionFailedNotice,
      input.link && { href: input.link, label: 'Your account' },
    ],
  });
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
  return composeMail({
    kind: 'session_cancelled',
    clientName: input.clientName,
    subject: `Cancelled: ${input.session}`,
    greet: input.firstName,
    blocks: [
      ['We are sorry: ', { strong: input.session }, ` at ${input.venueName} is cancelled. ${input.reason}`],
      input.returned
        ? input.returned.length
          ? 'Your booking is cancelled and you get back what you paid with:'
          : 'Your booking is cancelled. There was nothing to pay, so there is nothing to give back.'
        : 'You were on its waitlist: that has ended too.',
      input.returned !== null && input.returned.length > 0 && { list: input.returned },
      { href: input.accountUrl, label: 'Your bookings and credit' },
    ],
  });
}
