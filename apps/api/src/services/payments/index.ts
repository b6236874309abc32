/** The payments domain's public functions: other services domains import only from here (decision 023). */
export {
  type ChargeResult,
  type ChargeSource,
  describeCard,
  PaymentIntentMismatchError,
  type PaymentProvider,
  PaymentSourceError,
} from './provider.ts';
export { isCardExpired, rememberCard } from './saved-cards.ts';
export type { StripeIntentSummary } from './stripe-mapping.ts';
export {
  findWebhookEvent,
  markWebhookProcessed,
  PAYMENT_WEBHOOK_JOB,
  type WebhookEventRow,
  type WebhookJobData,
} from './webhook-events.ts';
