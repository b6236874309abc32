import { composeMail } from './compose.ts';

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
  return composeMail({
    kind: 'staff_password_link',
    clientName: input.clientName,
    subject: `Set a new password for the ${input.clientName} staff console`,
    greet: input.name,
    blocks: [
      `${input.sentBy} has asked for your staff console password to be reset, and you have been logged out.`,
      {
        href: input.link,
        label: 'Choose a new password',
        textLabel: 'Choose a new password here',
        note: `(the link works once, for ${input.validHours} hours)`,
      },
      'If you did not expect this, please tell an administrator.',
    ],
  });
}
