/** The penalties domain's public functions: other services domains import only from here (decision 023). */
export { findUnpaidPenalties } from './penalty-service.ts';
