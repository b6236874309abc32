import fp from 'fastify-plugin';
import { countingProviderErrors } from '../../lib/metrics.ts';
import {
  PaymentIntentMismatchError,
  type PaymentProvider,
  PaymentSourceError,
} from '../../services/payments/provider.ts';
import { SandboxPaymentProvider } from '../../services/payments/sandbox-provider.ts';
import type { StripePaymentProvider } from '../../services/payments/stripe-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider checkout charges through (PAYMENT_PROVIDER). */
    payments: PaymentProvider;
    /** The sandbox provider when it is the active one (its token and challenge routes exist only then). */
    sandboxPayments: SandboxPaymentProvider | null;
    /** The Stripe provider when it is the active one (its webhook route and job exist only then). */
    stripePayments: StripePaymentProvider | null;
  }
}

export type PaymentsPluginOptions = {
  /** Tests wrap the provider (e.g. to count charges). */
  wrapPaymentProvider?: (provider: PaymentProvider) => PaymentProvider;
};

/**
 * Picks the payment provider from config.paymentProvider. A real provider plugs in here: add its name to
 * PAYMENT_PROVIDER in config.ts, implement services/payments/provider.ts's PaymentProvider in its own file
 * (credentials from the environment), and construct it in the switch below.
 */
export default fp<PaymentsPluginOptions>(
  async (app, opts) => {
    let sandbox: SandboxPaymentProvider | null = null;
    let stripe: StripePaymentProvider | null = null;
    let provider: PaymentProvider;
    switch (app.config.paymentProvider) {
      case 'sandbox':
        sandbox = new SandboxPaymentProvider(app.db, app.now);
        provider = sandbox;
        if (process.env.NODE_ENV === 'production') {
          app.log.warn('PAYMENT_PROVIDER=sandbox: cards are not really charged');
        }
        break;
      case 'stripe': {
        const config = app.config.stripe;
        if (!config) throw new Error('PAYMENT_PROVIDER=stripe without its keys');
        // Stripe's SDK is loaded only when it is the provider (a faster start for everyone else).
        const { StripePaymentProvider } = await import('../../services/payments/stripe-provider.ts');
        stripe = new StripePaymentProvider(app.db, {
          secretKey: config.secretKey,
          webhookSecret: config.webhookSecret,
          apiBase: config.apiBase,
        });
        provider = stripe;
        if (!config.live && process.env.NODE_ENV === 'production') {
          app.log.warn('PAYMENT_PROVIDER=stripe with test keys: cards are not really charged');
        }
        break;
      }
      default:
        throw new Error(`Unknown payment provider ${String(app.config.paymentProvider)}`);
    }
    // Errors thrown by the provider count as card provider errors (metrics), but a basket that changed under its
    // payment or a card that is not the customer's: those are answers to the customer.
    app.decorate(
      'payments',
      countingProviderErrors(
        'card',
        opts.wrapPaymentProvider ? opts.wrapPaymentProvider(provider) : provider,
        (err) => err instanceof PaymentIntentMismatchError || err instanceof PaymentSourceError,
      ),
    );
    app.decorate('sandboxPayments', sandbox);
    app.decorate('stripePayments', stripe);
  },
  { name: 'app-payments', dependencies: ['app-db'] },
);
