/** The memberships domain's public functions: other services domains import only from here (decision 023). */
export { cancelPendingRequests } from './cancellation.ts';
export { endReplacedMembership } from './membership-change.ts';
export { DAYS_ALLOWANCE_TO_UPLOAD_DOCUMENT, findDocumentNotices } from './membership-state.ts';
