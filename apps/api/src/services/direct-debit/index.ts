/** The direct-debit domain's public functions: other services domains import only from here (decision 023). */

export { findAccountMandates } from './account.ts';
export type { DirectDebitProvider } from './provider.ts';
export { collectMembershipPayment, collectMembershipPayments, type DueCollection } from './webhooks.ts';
