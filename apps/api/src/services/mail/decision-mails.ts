import { composeMail } from './compose.ts';

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
  const outcome = `${input.what} was ${input.approved ? 'approved' : 'not approved'}`;
  return composeMail({
    kind: input.approved ? 'request_approved' : 'request_rejected',
    clientName: input.clientName,
    subject: outcome,
    greet: input.firstName,
    blocks: [
      `${outcome}.`,
      input.detail,
      { href: `${input.accountUrl}/memberships`, label: 'See your memberships' },
    ],
  });
}
