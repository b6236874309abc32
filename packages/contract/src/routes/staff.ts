import { type RouteTable, route } from '../call.ts';
import type { staffCalls } from '../staff.ts';

/** Methods and paths of the staff console's calls (decision 043); their schemas are `staffCalls`. */
type C = typeof staffCalls;

export const staffLogin = route<C['staffLogin']>('POST', '/api/staff/auth/login');
export const staffLogout = route<C['staffLogout']>('POST', '/api/staff/auth/logout');
export const getStaffMe = route<C['getStaffMe']>('GET', '/api/staff/me');
export const changeStaffPassword = route<C['changeStaffPassword']>('PUT', '/api/staff/me/password');
export const listStaffAccounts = route<C['listStaffAccounts']>('GET', '/api/staff/accounts');
export const createStaffAccount = route<C['createStaffAccount']>('POST', '/api/staff/accounts');
export const setStaffAccountStatus = route<C['setStaffAccountStatus']>(
  'PUT',
  '/api/staff/accounts/:id/status',
);
export const updateStaffAccount = route<C['updateStaffAccount']>('PUT', '/api/staff/accounts/:id');
export const sendStaffPasswordReset = route<C['sendStaffPasswordReset']>(
  'POST',
  '/api/staff/accounts/:id/password-reset',
);
export const startStaffTotp = route<C['startStaffTotp']>('POST', '/api/staff/accounts/:id/totp');
export const confirmStaffTotp = route<C['confirmStaffTotp']>('PUT', '/api/staff/accounts/:id/totp');
export const resetStaffTotp = route<C['resetStaffTotp']>('DELETE', '/api/staff/accounts/:id/totp');
export const startOwnStaffTotp = route<C['startOwnStaffTotp']>('POST', '/api/staff/me/totp');
export const confirmOwnStaffTotp = route<C['confirmOwnStaffTotp']>('PUT', '/api/staff/me/totp');
export const checkStaffPasswordLink = route<C['checkStaffPasswordLink']>(
  'POST',
  '/api/staff/auth/password-link',
);
export const resetStaffPassword = route<C['resetStaffPassword']>('POST', '/api/staff/auth/password-reset');
export const listStaffAudit = route<C['listStaffAudit']>('GET', '/api/staff/audit');
export const listStaffVenues = route<C['listStaffVenues']>('GET', '/api/staff/venues');
export const listStaffApprovals = route<C['listStaffApprovals']>('GET', '/api/staff/approvals');
export const staffApprovalFile = route<C['staffApprovalFile']>('GET', '/api/staff/approvals/:kind/:id/file');
export const decideStaffApproval = route<C['decideStaffApproval']>(
  'POST',
  '/api/staff/approvals/:kind/:id/decision',
);

export const staffRoutes = {
  staffLogin,
  staffLogout,
  getStaffMe,
  changeStaffPassword,
  listStaffAccounts,
  createStaffAccount,
  setStaffAccountStatus,
  updateStaffAccount,
  sendStaffPasswordReset,
  startStaffTotp,
  confirmStaffTotp,
  resetStaffTotp,
  startOwnStaffTotp,
  confirmOwnStaffTotp,
  checkStaffPasswordLink,
  resetStaffPassword,
  listStaffAudit,
  listStaffVenues,
  listStaffApprovals,
  staffApprovalFile,
  decideStaffApproval,
} satisfies RouteTable<C>;
