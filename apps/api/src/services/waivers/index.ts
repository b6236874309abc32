/** The waivers domain's public functions: other services domains import only from here (decision 023). */
export { findCustomerWaivers, recordLatestSignature } from './waiver-service.ts';
