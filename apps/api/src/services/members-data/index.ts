/** The members-data domain's public functions: other services domains import only from here (decision 023). */

export { checkWithdrawalLink, withdrawByLink } from './consent.ts';
export { eraseCustomer, isErased } from './erase.ts';
export { auditStaffExport, exportFileKey, exportHtml, exportJson, findExportCustomer } from './export.ts';
export { registerRetention, runRetention } from './retention.ts';
