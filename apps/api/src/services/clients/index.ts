/** The clients domain's public functions: other services domains import only from here (decision 023). */
export type { ClientRow } from './client-service.ts';
export { hasCheckoutTerms, hasTerms } from './terms-service.ts';
