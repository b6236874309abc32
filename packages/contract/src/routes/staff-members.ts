import { type RouteTable, route } from '../call.ts';
import type { staffMemberCalls } from '../staff-members.ts';

/** Methods and paths of the member record's calls (decision 043, 070); schemas: `staffMemberCalls`. */
type C = typeof staffMemberCalls;

export const getStaffMember = route<C['getStaffMember']>('GET', '/api/staff/members/:id');
export const updateStaffMember = route<C['updateStaffMember']>('PUT', '/api/staff/members/:id');
export const addStaffMemberNote = route<C['addStaffMemberNote']>('POST', '/api/staff/members/:id/notes');
export const setStaffMemberFlag = route<C['setStaffMemberFlag']>('PUT', '/api/staff/members/:id/flags/:flag');
export const inviteStaffMember = route<C['inviteStaffMember']>('POST', '/api/staff/members/:id/invite');
export const createWalkIn = route<C['createWalkIn']>('POST', '/api/staff/members');

export const staffMemberRoutes = {
  getStaffMember,
  updateStaffMember,
  addStaffMemberNote,
  setStaffMemberFlag,
  inviteStaffMember,
  createWalkIn,
} satisfies RouteTable<C>;
