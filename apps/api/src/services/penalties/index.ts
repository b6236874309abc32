/** The penalties domain's public functions: other services domains import only from here (decision 023). */
export { findUnpaidPenalties, markPenaltiesPaid, raisePenalty } from './penalty-service.ts';
