import { escapeHtml } from '../../lib/escape-html.ts';
import { layout } from './templates.ts';

/**
 * Staff moved or changed a booked session (issue 35, item 2; decision 075): what changed, why, and, after a large
 * move, a link for each booking to keep the place or cancel it with a full refund (works once).
 */
export function sessionChangedMail(input: {
  clientName: string;
  firstName: string;
  /** 'Spin at 07:00 on Saturday 5 December' before and after. */
  was: string;
  now: string;
  venueName: string;
  /** 'Studio 2' when the location changed, else null. */
  location: string | null;
  reason: string | null;
  /** Keep-or-cancel links (one per booking); empty after a small change. */
  choiceLinks: string[];
  accountUrl: string;
}) {
  const subject = `Changed: ${input.was}`;
  const moved = input.was !== input.now;
  const lines = [
    moved
      ? `${input.was} at ${input.venueName} has moved: it is now ${input.now}.`
      : `${input.was} at ${input.venueName} has changed.`,
    ...(input.location ? [`It takes place in ${input.location}.`] : []),
    ...(input.reason ? [input.reason] : []),
  ];
  const choice = input.choiceLinks.length
    ? [
        'If the new time does not suit you, you can cancel your booking and get back everything you paid. Or keep your place: you do not need to do anything.',
      ]
    : ['Your booking stays as it is: you do not need to do anything.'];
  const text = [
    `Hello ${input.firstName},`,
    '',
    ...lines,
    '',
    ...choice,
    ...input.choiceLinks.map((link) => `Keep or cancel: ${link}`),
    '',
    `Your bookings: ${input.accountUrl}`,
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(choice[0]!)}</p>${input.choiceLinks
      .map((link) => `<p><a href="${escapeHtml(link)}">Keep or cancel your booking</a></p>`)
      .join('')}<p><a href="${escapeHtml(input.accountUrl)}">Your bookings</a></p>`,
  );
  return { kind: 'session_changed', subject, text, html };
}

/** A member cancelled their booking of a moved session from the link in their mail: what came back. */
export function sessionChoiceCancelledMail(input: {
  clientName: string;
  firstName: string;
  session: string;
  venueName: string;
  returned: string[];
  accountUrl: string;
}) {
  const subject = `Booking cancelled: ${input.session}`;
  const after = input.returned.length
    ? ['You get back what you paid with:', ...input.returned.map((r) => `- ${r}`)]
    : ['There was nothing to pay, so there is nothing to give back.'];
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Your booking of ${input.session} at ${input.venueName} is cancelled, as you asked after it moved.`,
    '',
    ...after,
    '',
    `Your bookings and credit: ${input.accountUrl}`,
    '',
    input.clientName,
  ].join('\n');
  const list = input.returned.length
    ? `<ul>${input.returned.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`
    : '';
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>Your booking of <strong>${escapeHtml(input.session)}</strong> at ${escapeHtml(input.venueName)} is cancelled, as you asked after it moved.</p><p>${escapeHtml(after[0]!)}</p>${list}<p><a href="${escapeHtml(input.accountUrl)}">Your bookings and credit</a></p>`,
  );
  return { kind: 'session_choice_cancelled', subject, text, html };
}
