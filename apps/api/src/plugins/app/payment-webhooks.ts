import fp from 'fastify-plugin';
import { registerPaymentWebhooks } from '../../services/checkout/payment-webhooks.ts';

/**
 * With Stripe: the job that processes each stored webhook event (POST /api/webhooks/stripe stores it and queues the
 * job; decision 036). Registered wherever the app runs, so any process's engine may run it.
 */
export default fp(
  async (app) => {
    const stripe = app.stripePayments;
    if (!stripe) return;
    await registerPaymentWebhooks(app.jobs, {
      db: app.db,
      payments: app.payments,
      intents: stripe,
      log: app.log,
      now: app.now,
      bookingsUrl: app.config.siteUrls?.bookings ?? null,
    });
  },
  { name: 'app-payment-webhooks', dependencies: ['app-jobs', 'app-payments', 'app-mail'] },
);
