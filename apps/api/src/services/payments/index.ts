/** The payments domain's public functions: other services domains import only from here (decision 023). */
export {
  type ChargeResult,
  type ChargeSource,
  describeCard,
  PaymentIntentMismatchError,
  type PaymentProvider,
  PaymentSourceError,
} from './provider.ts';
export { isCardExpired } from './saved-cards.ts';
