import type { accountCalls } from '../account-profile.ts';
import { type RouteTable, route } from '../call.ts';

/** Methods and paths of the account's calls (decision 043); their schemas are `accountCalls`. */
type C = typeof accountCalls;

export const updateUserDetails = route<C['updateUserDetails']>('PUT', '/api/my-account/user/update');
export const changeAccountPassword = route<C['changeAccountPassword']>(
  'PUT',
  '/api/my-account/user/password',
);
export const listUserMemberships = route<C['listUserMemberships']>('GET', '/api/user/memberships');
export const listAccountMemberships = route<C['listAccountMemberships']>(
  'GET',
  '/api/my-account/user/memberships',
);
export const listAccountPackages = route<C['listAccountPackages']>('GET', '/api/promotions/user/packages');
export const listWaivers = route<C['listWaivers']>('GET', '/api/my-account/user/waivers');
export const getWaiver = route<C['getWaiver']>('GET', '/api/my-account/user/waivers/:slug');
export const signWaiver = route<C['signWaiver']>('POST', '/api/my-account/user/waivers/:slug/sign');
export const uploadProfilePhoto = route<C['uploadProfilePhoto']>('POST', '/api/user/profile-photo');
export const deleteProfilePhoto = route<C['deleteProfilePhoto']>('DELETE', '/api/user/profile-photo');
export const dismissPhotoReminder = route<C['dismissPhotoReminder']>(
  'PUT',
  '/api/user/profile-photo/reminder',
);

export const accountRoutes = {
  updateUserDetails,
  changeAccountPassword,
  listUserMemberships,
  listAccountMemberships,
  listAccountPackages,
  listWaivers,
  getWaiver,
  signWaiver,
  uploadProfilePhoto,
  deleteProfilePhoto,
  dismissPhotoReminder,
} satisfies RouteTable<C>;
