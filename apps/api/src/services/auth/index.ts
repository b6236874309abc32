/** The auth domain's public functions: other services domains import only from here (decision 023). */

export { accountForName, LoginThrottle } from './login-throttle.ts';
export { revokePasswordResets, sendAccountInvite } from './password-reset.ts';
