/** The cart domain's public functions: other services domains import only from here (decision 023). */
export { cancelReleasedMandates, releaseAwaitingMemberships } from './awaiting-memberships.ts';
export {
  bumpCartVersion,
  type CartLine,
  type CartMembership,
  type CartRow,
  fixedDurationText,
  ITEM_UNAVAILABLE_MESSAGE,
  loadCartLines,
  membershipFeeLines,
  membershipProblem,
  OFFLINE_TENDERS,
  openCart,
  PENALTY_PAID_MESSAGE,
  type PricedCart,
  priceCart,
} from './cart-service.ts';
export { capTenders, maxCreditApplicable, type Tender, vatIncluded } from './pricing.ts';
