/**
 * Joining journey texts, mirrored from the contract's JOINING_TEXTS and MEMBERSHIP_PURCHASE_TEXTS (joining §2, §4,
 * §8) so that the journey's components do not pull zod in at run time (decision 008). `texts.test.ts` keeps them
 * identical to the contract.
 */
export const JOINING_TEXTS = {
  notEligible: 'You are not eligible for this membership',
  documentRequired: 'Proof of eligibility will be required for this membership',
  promoNotRecognised: 'Code not recognised',
  startDateInvalid: 'The start date must be a valid date.',
  startDateInPast: 'The start date cannot be in the past.',
  startDateTooLate: 'The start date must be within one month of today.',
  billingDayRequired: 'Please choose a billing day.',
  billingDayInvalid: 'The billing day must be between 1 and 28.',
  usualPaymentDate: 'Starting next month on your usual payment date',
  /** 422 `incalculable_price` from the costs call (joining §8, account-shell §5). */
  incalculablePrice: 'Could not calculate price.',
} as const;

export const PURCHASE_TEXTS = {
  added: 'Membership added to basket.',
  submitFailed: 'Something went wrong, please try again',
  fillRequiredQuestions: 'Please fill in required questions',
  couldNotFind: 'Could not find selected membership',
  ineligibleSelected: 'You are ineligible for the membership you selected.',
  ineligibleBanner: 'You are ineligible for this membership',
  alreadyMember: 'You already have this membership.',
} as const;

/** Section titles (joining §2). Section 3 has no title in the spec's list; 'Your details' is its heading. */
export const SECTION_TITLES = {
  centre: 'Choose your home centre',
  membership: 'Choose your membership',
  details: 'Your details',
  additional: 'Additional details',
  review: 'Review & select dates',
  payment: 'Monthly payment',
  confirm: 'Confirm your details',
} as const;

export const MEMBERSHIP_TEXTS = {
  allTypes: 'All types',
  monthly: 'Monthly',
  singlePayment: 'Single payment',
  noMemberships: 'No memberships found',
  showIneligible: 'Show ineligible memberships',
  viewDetails: 'View details',
  choose: 'Choose this membership',
  close: 'Close',
  national: 'National',
  joiningFee: 'Joining fee',
  noJoiningFee: 'No joining fee',
  dueToday: 'Due today',
  /** What the card's 'Due today' assumes (the server's list figure: a start today, paying on the 1st). */
  dueTodayRecurring: 'if you start today and pay on the 1st',
  dueTodayOwnDay: 'if you start today',
} as const;

export const REVIEW_TEXTS = {
  proRataTip: 'Pro-rata covers the time between your selected start date and your first monthly payment.',
  /** The 7-day rule of the first billing date (services/memberships/pricing.ts). */
  sevenDayRule:
    'Your first monthly payment is never taken within 7 days of your start date: if your billing day comes sooner, the first payment moves to the month after, so pro-rata can cover more than a month.',
  firstPayment: (prettyDate: string) => `First monthly payment: ${prettyDate}`,
  proRataDays: (days: number) => `Pro-rata covers ${days} ${days === 1 ? 'day' : 'days'} until then.`,
} as const;

/** Renewal texts (account-shell §8), mirrored from MEMBERSHIP_MANAGEMENT_TEXTS. */
export const RENEW_TEXTS = {
  addFailed: 'An error occurred when trying to add the membership to the basket. Please try again.',
  noRenewal: 'No membership found',
} as const;
