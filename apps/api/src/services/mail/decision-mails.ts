import { escapeHtml } from '../../lib/escape-html.ts';
import { layout } from './templates.ts';

/** Staff decided a member's request (a freeze, an eligibility document): the member hears either way. */
export function staffDecisionMail(input: {
  clientName: string;
  firstName: string;
  /** 'Your freeze request for Gym Monthly' / 'Your Student ID card for Student'. */
  what: string;
  approved: boolean;
  /** What follows: 'Your membership is frozen from 1 December 2026.' or the rejection's reason and next step. */
  detail: string;
  accountUrl: string;
}) {
  const subject = `${input.what} was ${input.approved ? 'approved' : 'not approved'}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${input.what} was ${input.approved ? 'approved' : 'not approved'}.`,
    input.detail,
    '',
    `See your memberships: ${input.accountUrl}/memberships`,
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(input.what)} was ${input.approved ? 'approved' : 'not approved'}.</p><p>${escapeHtml(input.detail)}</p><p><a href="${escapeHtml(`${input.accountUrl}/memberships`)}">See your memberships</a></p>`,
  );
  return { kind: input.approved ? 'request_approved' : 'request_rejected', subject, text, html };
}
