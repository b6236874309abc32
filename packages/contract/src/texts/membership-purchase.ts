// The membership purchase texts, without zod: the web app imports this module at run time, so no chunk gains zod for
// a text. ../membership-purchase.ts re-exports them with its schemas, which take them from here: one source for the
// web, the server and the schemas (decision 008). Keep value imports out of this file.

export const MEMBERSHIP_PURCHASE_TEXTS = {
  added: 'Membership added to basket.',
  submitFailed: 'Something went wrong, please try again',
  fillRequiredQuestions: 'Please fill in required questions',
  couldNotFind: 'Could not find selected membership',
  ineligibleSelected: 'You are ineligible for the membership you selected.',
  ineligibleBanner: 'You are ineligible for this membership',
  accountHolder: 'Account holder name must be more than 1 character.',
  accountNumber: 'Account number must be at least 8 digits.',
  sortCode: 'Sort code must be 6 digits.',
  billingAddress: 'Address line 1 must be more than 1 character.',
  billingCity: 'Town or city must be more than 1 character.',
  billingPostcode: 'Please enter a valid postcode',
  ddAuthorisation:
    'Please confirm you are the account holder and the only person required to authorise debits.',
  ddTerms: 'Please accept the direct debit terms.',
  bankDetailsRejected: 'Your bank could not verify these details. Please check them and try again.',
  healthCommitment: 'Please accept the health commitment.',
  membershipTerms: 'Please accept the membership terms.',
  startDatePassed: 'The start date has passed. Please choose a new start date.',
  alreadyMember: 'You already have this membership.',
  accountUpdated: 'Your account details have been updated',
  formChanged: 'This form has changed. Please reload the page and try again.',
  notAuthorised: (label: string) => `${label} can't be changed online.`,
} as const;

/** Renewing a membership (account-shell §8): in the join journey, and the server's refusal. */
export const MEMBERSHIP_RENEWAL_TEXTS = {
  addFailed: 'An error occurred when trying to add the membership to the basket. Please try again.',
  noRenewal: 'No membership found',
} as const;
