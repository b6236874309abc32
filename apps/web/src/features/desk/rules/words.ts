/** How the desk names a booking's state (the register's words: Attended, Not attended). */
export function bookingStatusWord(status: string, attended: boolean | null): string {
  if (status === 'cancelled') return 'Cancelled';
  if (attended === true || status === 'attended') return 'Attended';
  if (attended === false || status === 'no_show') return 'Not attended';
  return 'Booked';
}

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** A stored value such as 'pending_payment' as words: 'Pending payment'. */
export const humanise = (value: string) => capitalise(value.replace(/[_-]+/g, ' '));

export const TENDER_LABELS = {
  cash: 'Cash',
  cheque: 'Cheque',
  'offline-voucher': 'Voucher',
  card: 'Card',
} as const;
