// The direct-debit texts members see (payments page, memberships page, mails), without zod: the web app may import
// this module at run time (decision 008). Keep value imports out of this file.

export const DIRECT_DEBIT_TEXTS = {
  /** The instruction's status as the member reads it. */
  status: {
    pending_submission: 'Being set up',
    active: 'Active',
    cancelled: 'Cancelled',
    failed: 'Could not be set up',
  },
  noInstruction: 'You have no direct debit set up.',
  cancelledNotice:
    'Your direct debit has been cancelled, so we cannot collect your monthly payments. Please contact us to set up a new one.',
  failedNotice:
    'Your bank could not set up your direct debit. Please contact us to give your bank details again.',
  mandateCancelledSubject: 'Your direct debit has been cancelled',
  mandateFailedSubject: 'Your direct debit could not be set up',
  collectionFailedSubject: 'Your direct debit payment failed',
  collectionFailed: (amount: string, dueOn: string) =>
    `Your direct debit payment of ${amount} due on ${dueOn} could not be collected.`,
  collectionFailedFee: (fee: string) =>
    `A failed payment fee of ${fee} has been added to your account. You can pay it under Payments, Unpaid fees.`,
  collectionFailedNotice:
    'Please make sure your account can cover your next payment, or contact us if your bank details have changed.',
  /** The fee's description in the unpaid fees list. */
  feeDescription: (dueOn: string) => `Failed direct debit payment due ${dueOn}`,
} as const;
