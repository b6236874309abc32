import { composeMail } from './compose.ts';

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
  const moved = input.was !== input.now;
  return composeMail({
    kind: 'session_changed',
    clientName: input.clientName,
    subject: `Changed: ${input.was}`,
    greet: input.firstName,
    blocks: [
      moved
        ? `${input.was} at ${input.venueName} has moved: it is now ${input.now}.`
        : `${input.was} at ${input.venueName} has changed.`,
      input.location && `It takes place in ${input.location}.`,
      input.reason,
      input.choiceLinks.length
        ? 'If the new time does not suit you, you can cancel your booking and get back everything you paid. Or keep your place: you do not need to do anything.'
        : 'Your booking stays as it is: you do not need to do anything.',
      ...input.choiceLinks.map((link) => ({
        href: link,
        label: 'Keep or cancel your booking',
        textLabel: 'Keep or cancel',
      })),
      { href: input.accountUrl, label: 'Your bookings' },
    ],
  });
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
  return composeMail({
    kind: 'session_choice_cancelled',
    clientName: input.clientName,
    subject: `Booking cancelled: ${input.session}`,
    greet: input.firstName,
    blocks: [
      [
        'Your booking of ',
        { strong: input.session },
        ` at ${input.venueName} is cancelled, as you asked after it moved.`,
      ],
      input.returned.length
        ? 'You get back what you paid with:'
        : 'There was nothing to pay, so there is nothing to give back.',
      input.returned.length > 0 && { list: input.returned },
      { href: input.accountUrl, label: 'Your bookings and credit' },
    ],
  });
}
