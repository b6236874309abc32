/** The cart domain's public functions: other services domains import only from here (decision 023). */
export { cancelReleasedMandates, releaseAwaitingMemberships } from './awaiting-memberships.ts';
export { OFFLINE_TENDERS } from './cart-changes.ts';
export {
  type CartLine,
  type CartMembership,
  type CartRow,
  fixedDurationText,
  lineProblem,
  loadCartLines,
  membershipFeeLines,
  type PricedCart,
  sessionBlock,
} from './cart-lines.ts';
export { bumpCartVersion, openCart, priceCart } from './cart-service.ts';
export { capTenders, lineVat, maxCreditApplicable, type Tender } from './pricing.ts';
