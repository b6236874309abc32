import type { Cart } from '../../../api/get-cart';

/** The checkout tests' basket: one swim session at £12.50, no credit, no waiver, nothing paid yet. */
export const swimCart = {
  id: 7,
  version: 3,
  selectedUserId: 11,
  items: [
    {
      id: 70,
      name: 'Swim session',
      quantity: 1,
      problem: null,
      cartableType: 'activity',
      cartableResource: { requiresWaiver: false },
      price: { raw: 1250, original: { raw: 1250 }, benefitApplied: false, packageApplied: false },
    },
  ],
  payments: [],
  credits: {
    membership: { totalAvailable: { raw: 0 }, maxApplicable: { raw: 0 } },
    general: { totalAvailable: { raw: 0 }, maxApplicable: { raw: 0 } },
  },
  totals: {
    itemCount: 1,
    basketCost: { raw: 1250 },
    creditApplied: { raw: 0 },
    totalToPay: { raw: 1250 },
  },
  attendeeWaiversRequired: false,
  billingPrefill: null,
} as unknown as Cart;
