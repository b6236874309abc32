/** Demo data: what the demo operator sells as membership, what it asks when joining, and its joining terms. */

export type MembershipTypeSeed = {
  slug: string;
  name: string;
  category: string;
  coverage: 'national' | 'venues';
  eligibilityName: string | null;
  descriptionHtml: string;
  providesAccessTo: string[];
  options: {
    /** Collect one base fee up front on joining (recurring only). */
    monthInHand?: boolean;
    name: string;
    paymentType: 'recurring' | 'fixed';
    baseFee: number;
    joiningFee: number;
    fixedDuration?: number;
    fixedPeriod?: 'day' | 'week' | 'month' | 'year';
  }[];
};

export const DEMO_MEMBERSHIP_TYPES: MembershipTypeSeed[] = [
  {
    slug: 'gym-and-swim',
    name: 'Gym & Swim',
    category: 'Adult',
    coverage: 'national',
    eligibilityName: null,
    descriptionHtml: '<p>Unlimited gym, swimming and classes at every Fieldhouse venue.</p>',
    providesAccessTo: ['Gym', 'Swimming pool', 'Group exercise classes'],
    options: [
      { name: 'Monthly', paymentType: 'recurring', baseFee: 3999, joiningFee: 1500 },
      {
        name: 'Annual',
        paymentType: 'fixed',
        baseFee: 39900,
        joiningFee: 0,
        fixedDuration: 12,
        fixedPeriod: 'month',
      },
    ],
  },
  {
    slug: 'swim-only',
    name: 'Swim Only',
    category: 'Adult',
    coverage: 'national',
    eligibilityName: null,
    descriptionHtml: '<p>Unlimited public and lane swimming.</p>',
    providesAccessTo: ['Swimming pool'],
    options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 2499, joiningFee: 1000 }],
  },
  {
    slug: 'off-peak',
    name: 'Off-Peak',
    category: 'Adult',
    coverage: 'venues',
    eligibilityName: null,
    descriptionHtml: '<p>Gym and swim weekdays 10:00–16:00 and weekends after 14:00.</p>',
    providesAccessTo: ['Gym (off-peak)', 'Swimming pool (off-peak)'],
    options: [
      { name: 'Monthly', paymentType: 'recurring', baseFee: 2799, joiningFee: 1000, monthInHand: true },
    ],
  },
  {
    slug: 'student',
    name: 'Student',
    category: 'Concession',
    coverage: 'national',
    eligibilityName: 'Full-time student',
    descriptionHtml: '<p>Gym & Swim for full-time students with a valid student card.</p>',
    providesAccessTo: ['Gym', 'Swimming pool', 'Group exercise classes'],
    options: [
      { name: 'Monthly', paymentType: 'recurring', baseFee: 2200, joiningFee: 0 },
      {
        name: 'Academic year',
        paymentType: 'fixed',
        baseFee: 19900,
        joiningFee: 0,
        fixedDuration: 9,
        fixedPeriod: 'month',
      },
    ],
  },
  {
    slug: 'junior',
    name: 'Junior',
    category: 'Junior',
    coverage: 'national',
    eligibilityName: 'Aged 11 to 17',
    descriptionHtml: '<p>Swimming and supervised gym sessions for 11 to 17 year olds.</p>',
    providesAccessTo: ['Swimming pool', 'Junior gym sessions'],
    options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 1500, joiningFee: 0 }],
  },
  {
    slug: '12-month-saver',
    name: '12 Month Saver',
    category: 'Adult',
    coverage: 'national',
    eligibilityName: null,
    descriptionHtml: '<p>Everything in Gym & Swim, paid once for the year.</p>',
    providesAccessTo: ['Gym', 'Swimming pool', 'Group exercise classes'],
    options: [
      {
        name: 'Single payment',
        paymentType: 'fixed',
        baseFee: 36000,
        joiningFee: 0,
        fixedDuration: 12,
        fixedPeriod: 'month',
      },
    ],
  },
];

/** Benefits of the Gym & Swim membership (the demo customer's): shown as benefitApplied in the basket. */
export type BenefitSeed = {
  membershipTypeSlug: string;
  kind?: 'activity' | 'guest_pass';
  name: string;
  description: string;
  activityCategory: string;
  discountPercent: number;
  usesPerPeriod: number;
  period: 'month' | 'week';
};

export const DEMO_BENEFITS: BenefitSeed[] = [
  {
    membershipTypeSlug: 'gym-and-swim',
    name: 'Free swim',
    description: 'Eight free swimming sessions (Lane Swimming, Aqua Fit) every month.',
    activityCategory: 'Aquatics',
    discountPercent: 100,
    usesPerPeriod: 8,
    period: 'month' as const,
  },
  {
    membershipTypeSlug: 'gym-and-swim',
    name: 'Half-price court hire',
    description: 'Half price on up to four court bookings a week.',
    activityCategory: 'Court Hire',
    discountPercent: 50,
    usesPerPeriod: 4,
    period: 'week' as const,
  },
  {
    membershipTypeSlug: 'gym-and-swim',
    kind: 'guest_pass',
    name: 'Gym & Swim guest passes',
    description: 'Bring a friend: two guest passes a month, at any Fieldhouse venue.',
    activityCategory: 'Guest pass',
    discountPercent: 100,
    usesPerPeriod: 2,
    period: 'month',
  },
];

export type MembershipPromotionSeed = {
  code: string;
  /** The payment option (membership type slug + option name), or every option when left out. */
  option?: { membershipTypeSlug: string; name: string };
  kind: 'percent' | 'fixed';
  value: number;
  appliesTo: 'joining_fee' | 'first_payment' | 'both';
  /** Days from the seed date; left out = open-ended. */
  validFromDays?: number;
  validToDays?: number;
};

/** Joining promotion codes: NOJOIN (no joining fee, any option), HALFGYM (50% off Gym & Swim Monthly), an expired one. */
export const DEMO_MEMBERSHIP_PROMOTIONS: MembershipPromotionSeed[] = [
  { code: 'NOJOIN', kind: 'percent', value: 100, appliesTo: 'joining_fee' },
  {
    code: 'HALFGYM',
    option: { membershipTypeSlug: 'gym-and-swim', name: 'Monthly' },
    kind: 'percent',
    value: 50,
    appliesTo: 'both',
  },
  { code: 'SUMMER10', kind: 'fixed', value: 1000, appliesTo: 'first_payment', validToDays: -30 },
];

export type CustomQuestionSeed = {
  membershipTypeSlug: string;
  reference: string;
  label: string;
  type: 'text' | 'number' | 'select' | 'multi_select' | 'date' | 'checkbox';
  options?: { value: string; label: string }[];
  placeholder?: string;
  isRequired?: boolean;
  defaultValue?: string;
};

const GOALS = [
  { value: 'fitness', label: 'General fitness' },
  { value: 'weight', label: 'Weight loss' },
  { value: 'strength', label: 'Strength' },
  { value: 'social', label: 'Meeting people' },
];
const HEARD = [
  { value: 'friend', label: 'A friend' },
  { value: 'social', label: 'Social media' },
  { value: 'leaflet', label: 'Leaflet' },
  { value: 'other', label: 'Other' },
];

/** The operator's extra questions: every type on Gym & Swim, a few on the others. */
export const DEMO_CUSTOM_QUESTIONS: CustomQuestionSeed[] = [
  ...['gym-and-swim', 'swim-only', 'off-peak', 'student', 'junior', '12-month-saver'].map((slug) => ({
    membershipTypeSlug: slug,
    reference: 'heard_about_us',
    label: 'How did you hear about us?',
    type: 'select' as const,
    options: HEARD,
    isRequired: true,
  })),
  {
    membershipTypeSlug: 'gym-and-swim',
    reference: 'emergency_contact',
    label: 'Emergency contact name',
    type: 'text',
    placeholder: 'Full name',
    isRequired: true,
  },
  {
    membershipTypeSlug: 'gym-and-swim',
    reference: 'visits_per_week',
    label: 'How many times a week do you plan to visit?',
    type: 'number',
    defaultValue: '2',
  },
  {
    membershipTypeSlug: 'gym-and-swim',
    reference: 'goals',
    label: 'Your goals',
    type: 'multi_select',
    options: GOALS,
  },
  {
    membershipTypeSlug: 'gym-and-swim',
    reference: 'last_exercised',
    label: 'When did you last exercise regularly?',
    type: 'date',
  },
  {
    membershipTypeSlug: 'gym-and-swim',
    reference: 'induction',
    label: 'I would like a free gym induction',
    type: 'checkbox',
  },
  {
    membershipTypeSlug: 'student',
    reference: 'institution',
    label: 'College or university',
    type: 'text',
    isRequired: true,
  },
  {
    membershipTypeSlug: 'junior',
    reference: 'guardian_name',
    label: 'Parent or guardian name',
    type: 'text',
    isRequired: true,
  },
];

/** Terms shown while joining (GET /api/terms?kind=…). */
export const DEMO_JOINING_TERMS: {
  kind: 'direct_debit' | 'health_commitment' | 'membership';
  title: string;
  html: string;
}[] = [
  {
    kind: 'direct_debit',
    title: 'Direct Debit Guarantee',
    html: `<h3>The Direct Debit Guarantee</h3>
<p>This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.</p>
<p>If there are any changes to the amount, date or frequency of your Direct Debit, Fieldhouse Leisure will notify you
10 working days in advance of your account being debited or as otherwise agreed.</p>
<p>If an error is made in the payment of your Direct Debit you are entitled to a full and immediate refund of the
amount paid from your bank or building society.</p>
<p>You can cancel a Direct Debit at any time by simply contacting your bank or building society.</p>`,
  },
  {
    kind: 'health_commitment',
    title: 'Health commitment',
    html: `<h3>Health commitment</h3>
<p>I confirm that, to the best of my knowledge, I am in good health and know of no medical reason why I should not
take part in physical activity. I will tell a member of staff about any change in my health.</p>`,
  },
  {
    kind: 'membership',
    title: 'Membership terms and conditions',
    html: `<h3>Membership terms and conditions</h3>
<ol>
<li><strong>Payments.</strong> Monthly memberships are paid by Direct Debit on your chosen billing day. The first
payment covers the days from your start date to your first billing date.</li>
<li><strong>Cancelling.</strong> One month's notice is required to cancel a monthly membership.</li>
<li><strong>Freezing.</strong> Memberships may be frozen for medical reasons with proof.</li>
</ol>`,
  },
];
