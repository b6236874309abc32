import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * This process's own counters (Prometheus, prom-client; decision 066): every process counts what it served and
 * did, and each is scraped on its own (sum them in the query). The gauges read from the database (job queues, mail
 * outbox) are per app, in plugins/app/metrics.ts, and read the same from any process.
 *
 * They live in this module, not on the app, so a service can count without being handed the app; incrementing one
 * costs a few hundred nanoseconds whether or not anything scrapes it.
 */
export const processMetrics = new Registry();

let defaultsCollected = false;
/** Node's own series (CPU, memory, event-loop delay, GC, handles), once per process. */
export function collectProcessDefaults() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processMetrics });
}

/**
 * Requests by route pattern (`/api/bookings/:bookingId`, never the raw URL: the labels stay a bounded set), method
 * and status code; `_count` gives the rate, the buckets the latency.
 */
export const httpRequestDuration = new Histogram({
  name: 'fieldhouse_http_request_duration_seconds',
  help: 'Requests served by this process, by route pattern, method and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const CHECKOUT_OUTCOMES = [
  'completed',
  'requires_action',
  'declined',
  'conflict',
  'refused',
  'error',
] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** Checkout calls answered by this process (member, kiosk and desk), by channel and outcome. */
export const checkouts = new Counter({
  name: 'fieldhouse_checkouts_total',
  help: 'Checkout calls answered by this process, by channel (online, desk) and outcome',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processMetrics],
});

/** Bookings written by this process's checkouts (services/bookings bookPlaces, the one writer of bookings). */
export const bookingsMade = new Counter({
  name: 'fieldhouse_bookings_total',
  help: 'Bookings made by checkouts in this process (one per session line)',
  registers: [processMetrics],
});

/** Mail the SMTP server accepted from this process. */
export const mailDelivered = new Counter({
  name: 'fieldhouse_mail_delivered_total',
  help: 'Mail the SMTP server accepted from this process',
  registers: [processMetrics],
});

export const PROVIDERS = ['card', 'direct_debit', 'mail', 'geocoding'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/**
 * A provider's call that failed for the provider's reasons (network, credentials, its outage), by provider and
 * operation. A decline, a refused bank account or a customer's wrong card is an answer, not an error.
 */
export const providerErrors = new Counter({
  name: 'fieldhouse_provider_errors_total',
  help: 'Provider calls that failed (network, credentials, outage) in this process, by provider and operation',
  labelNames: ['provider', 'operation'] as const,
  registers: [processMetrics],
});

/**
 * The provider with each method counting its thrown errors as provider errors (`operation`: the method's name),
 * except those `isAnswer` says are the provider's answer to the customer (a mismatched intent, an invalid card).
 */
export function countingProviderErrors<T extends object>(
  provider: ProviderName,
  target: T,
  isAnswer: (err: unknown) => boolean = () => false,
): T {
  const count = (operation: string, err: unknown) => {
    if (!isAnswer(err)) providerErrors.inc({ provider, operation });
  };
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(object, args);
        } catch (err) {
          count(property, err);
          throw err;
        }
        if (result instanceof Promise)
          return result.catch((err: unknown) => {
            count(property, err);
            throw err;
          });
        return result;
      };
    },
  });
}
