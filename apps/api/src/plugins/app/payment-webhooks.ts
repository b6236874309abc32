import fp from 'fastify-plugin';
import { registerPaymentWebhooks, WEBHOOK_ACTOR } from '../../services/checkout/payment-webhooks.ts';
import { findOrderPayments } from '../../services/orders/order-service.ts';
import { recordDeskPayment } from '../../services/staff/desk/desk-payment.ts';

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
      // A desk card payment finished here after 3-D Secure is audited as the desk's, by who took it (issue 41).
      deskCompletion: (staff, customerId, now) => ({
        staffId: staff.staffId,
        mayPay: async () => {},
        onOrder: async (tx, order) =>
          recordDeskPayment(tx, staff, now, {
            customerId,
            orderId: order.id,
            payments: await findOrderPayments(tx, order.id),
            completedBy: WEBHOOK_ACTOR,
          }),
      }),
    });
  },
  { name: 'app-payment-webhooks', dependencies: ['app-jobs', 'app-payments', 'app-mail'] },
);
