import { type RouteTable, route } from '../call.ts';
import type { programmeChangeCalls } from '../programme-changes.ts';

/** Methods and paths of range cancels, moves and the members' keep-or-cancel choice (decisions 043, 075). */
type C = typeof programmeChangeCalls;

export const previewSessionRange = route<C['previewSessionRange']>('GET', '/api/staff/sessions/range');
export const cancelSessionRange = route<C['cancelSessionRange']>('POST', '/api/staff/sessions/range/cancel');
export const changeStaffSession = route<C['changeStaffSession']>('PATCH', '/api/staff/sessions/:id');
export const getSessionChoice = route<C['getSessionChoice']>('GET', '/api/session-choices/:token');
export const makeSessionChoice = route<C['makeSessionChoice']>('POST', '/api/session-choices/:token');

export const programmeChangeRoutes = {
  previewSessionRange,
  cancelSessionRange,
  changeStaffSession,
  getSessionChoice,
  makeSessionChoice,
} satisfies RouteTable<C>;
