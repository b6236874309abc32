// Texts of the joining journey that the contract does not hold (joining §2, §4, §8).

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
  firstPaymentLoading: 'Working out your payment dates…',
  proRataDays: (days: number) => `Pro-rata covers ${days} ${days === 1 ? 'day' : 'days'} until then.`,
} as const;
