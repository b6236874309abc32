/** The auth domain's public functions: other services domains import only from here (decision 023). */
export { revokePasswordResets } from './password-reset.ts';
