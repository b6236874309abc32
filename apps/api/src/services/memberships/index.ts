/** The memberships domain's public functions: other services domains import only from here (decision 023). */
export { findAccountMemberships } from './account-memberships.ts';
export { activatePaidMembership } from './activation.ts';
export { cancelPendingRequests } from './cancellation.ts';
export { findJoiningCaller } from './eligibility.ts';
export { endReplacedMembership } from './membership-change.ts';
export { type PurchaseDeps, submitMembership } from './membership-purchase.ts';
export {
  DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT,
  DOCUMENT_EXPIRY_WARNING_DAYS,
  documentExpiry,
  documentNoticeMembershipsJson,
  documentNoticesOf,
} from './membership-state.ts';
export { listMembershipTypes } from './membership-types.ts';
export { nextPaymentOnOrAfter } from './payment-schedule.ts';
export { getMembershipCosts } from './pricing.ts';
export { findStatusInfo, lastFrozenDay } from './status-info.ts';
