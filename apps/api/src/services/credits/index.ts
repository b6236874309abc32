/** The credits domain's public functions: other services domains import only from here (decision 023). */

export { awardCancellationCredit, refundToCredit, spendCredit } from './credit-entries.ts';
export {
  type CreditLedgerJson,
  creditBalancesOf,
  creditLedgerJson,
  findCreditBalances,
} from './credit-service.ts';
