import { type RouteTable, route } from '../call.ts';
import type { membershipManagementCalls } from '../membership-management.ts';

/** Methods and paths of managing a membership (decision 043); their schemas are `membershipManagementCalls`. */
type C = typeof membershipManagementCalls;

export const membershipChangeOptions = route<C['membershipChangeOptions']>(
  'GET',
  '/api/memberships/:id/change',
);
export const membershipChangeCosts = route<C['membershipChangeCosts']>(
  'GET',
  '/api/memberships/:id/change/:paymentOptionId',
);
export const changeMembership = route<C['changeMembership']>('POST', '/api/memberships/:id/change');
export const membershipRenewalDetails = route<C['membershipRenewalDetails']>(
  'GET',
  '/api/memberships/:id/renew',
);
export const renewMembership = route<C['renewMembership']>('POST', '/api/memberships/:id/renew');
export const membershipCancelInfo = route<C['membershipCancelInfo']>('GET', '/api/memberships/:id/cancel');
export const cancelMembership = route<C['cancelMembership']>('POST', '/api/memberships/:id/cancel');
export const membershipFreezeTypes = route<C['membershipFreezeTypes']>(
  'GET',
  '/api/user/memberships/:id/freezetypes',
);
export const membershipFreezePreview = route<C['membershipFreezePreview']>(
  'GET',
  '/api/user/memberships/:id/freeze/preview',
);

export const freezeMembership = route<C['freezeMembership']>('POST', '/api/user/memberships/:id/freeze');
export const uploadEligibilityDocument = route<C['uploadEligibilityDocument']>(
  'POST',
  '/api/eligibility/document',
);

export const membershipManagementRoutes = {
  membershipChangeOptions,
  membershipChangeCosts,
  changeMembership,
  membershipRenewalDetails,
  renewMembership,
  membershipCancelInfo,
  cancelMembership,
  membershipFreezeTypes,
  membershipFreezePreview,
  freezeMembership,
  uploadEligibilityDocument,
} satisfies RouteTable<C>;
