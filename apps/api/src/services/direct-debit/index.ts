/** The direct-debit domain's public functions: other services domains import only from here (decision 023). */
export type { DirectDebitProvider } from './provider.ts';
