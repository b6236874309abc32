/** The credits domain's public functions: other services domains import only from here (decision 023). */
export { findCreditBalances } from './credit-service.ts';
