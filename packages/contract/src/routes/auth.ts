import type { authCalls } from '../auth.ts';
import { type RouteTable, route } from '../call.ts';

/** Methods and paths of the customer auth calls (decision 043); their schemas are `authCalls`. */
type C = typeof authCalls;

export const login = route<C['login']>('POST', '/api/auth/customer/login');
export const logout = route<C['logout']>('POST', '/api/auth/logout');
export const register = route<C['register']>('POST', '/api/auth/customer/register');
export const forgottenPassword = route<C['forgottenPassword']>(
  'POST',
  '/api/auth/customer/forgotten-password',
);
export const validatePasswordReset = route<C['validatePasswordReset']>(
  'POST',
  '/api/auth/password-reset/validate',
);
export const resetPassword = route<C['resetPassword']>('POST', '/api/auth/password-reset');
export const getUser = route<C['getUser']>('GET', '/api/auth/user');

export const authRoutes = {
  login,
  logout,
  register,
  forgottenPassword,
  validatePasswordReset,
  resetPassword,
  getUser,
} satisfies RouteTable<C>;
