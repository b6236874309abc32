/** The guest-passes domain's public functions: other services domains import only from here (decision 023). */
export { findGuestPasses, guestPassStatus } from './guest-passes.ts';
