/**
 * Texts of erasing a customer's personal data from the staff console (UK GDPR right to erasure, decision 073). An
 * administrator types the customer's number to confirm; erasure is refused while the customer still owes or is owed
 * something (a live membership, a mandate collecting, unpaid fees, future bookings): staff end those first.
 */
export const ERASURE_TEXTS = {
  confirmationRequired: 'Please type the customer number to confirm.',
  confirmationMismatch: 'The customer number typed is not this customer’s.',
  refused: 'This customer’s data cannot be erased yet: {reasons}.',
  alreadyErased: 'This customer’s data has already been erased.',
  liveMembership: (reference: string) => `membership ${reference} is still live (cancel it first)`,
  mandateCollecting: (reference: string) =>
    `direct-debit mandate ${reference} is still collecting (cancel the membership or the mandate first)`,
  collectionInProgress:
    'a direct-debit collection is still in progress (wait until it is paid or has failed)',
  unpaidFees: (amount: string) => `${amount} of unpaid fees (take payment or waive them first)`,
  futureBookings: (count: number) =>
    `${count} future ${count === 1 ? 'booking' : 'bookings'} (cancel ${count === 1 ? 'it' : 'them'} first)`,
  erased: (reference: string) =>
    `Customer ${reference}’s personal data has been erased. Their orders and payments are kept without their name.`,
} as const;

/** What an erased customer's record says in place of their name. */
export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'customer';
/** The email an erased customer's record holds: unique per customer, and never delivered (RFC 2606 '.invalid'). */
export const erasedEmail = (customerId: number) => `erased-${customerId}@erased.invalid`;
