/** The allowances domain's public functions: other services domains import only from here (decision 023). */
export { returnBookingUsages, type UsedFor, useBenefit, usePackageSession } from './usages.ts';
