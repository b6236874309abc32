import { escapeHtml } from '../../lib/escape-html.ts';
import { layout } from './templates.ts';

/**
 * An administrator sent a staff member a link to set a new password (decision 072): who asked, how long it works, and
 * that their sessions have ended.
 */
export function staffPasswordLinkMail(input: {
  clientName: string;
  name: string;
  sentBy: string;
  link: string;
  validHours: number;
}) {
  const subject = `Set a new password for the ${input.clientName} staff console`;
  const text = [
    `Hello ${input.name},`,
    '',
    `${input.sentBy} has asked for your staff console password to be reset, and you have been logged out.`,
    `Choose a new password here (the link works once, for ${input.validHours} hours): ${input.link}`,
    '',
    'If you did not expect this, please tell an administrator.',
    '',
    input.clientName,
  ].join('\n');
  const html = layout(
    input.clientName,
    subject,
    `<p>Hello ${escapeHtml(input.name)},</p><p>${escapeHtml(input.sentBy)} has asked for your staff console password to be reset, and you have been logged out.</p><p><a href="${escapeHtml(input.link)}">Choose a new password</a> (the link works once, for ${input.validHours} hours).</p><p>If you did not expect this, please tell an administrator.</p>`,
  );
  return { kind: 'staff_password_link', subject, text, html };
}
