import fp from 'fastify-plugin';
import { mailDelivered, providerErrors } from '../../lib/metrics.ts';
import { registerMailDelivery } from '../../services/mail/delivery.ts';
import { createMailSender, type MailSender } from '../../services/mail/sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued mail (SMTP); null when SMTP_URL is unset (mail stays in the outbox). */
    mailSender: MailSender | null;
  }
}

/** What production says, at start and on GET /api/health/ready, when SMTP_URL is unset. */
export const MAIL_ONLY_QUEUED =
  'SMTP_URL is not set: mail is only queued in the outbox, none is sent (set SMTP_URL and MAIL_FROM)';

/** The sender, counting what the SMTP server accepted and what it refused (metrics). */
const countedSender = (sender: MailSender): MailSender => ({
  async send(message) {
    try {
      await sender.send(message);
    } catch (err) {
      providerErrors.inc({ provider: 'mail', operation: 'send' });
      throw err;
    }
    mailDelivered.inc();
  },
  close: () => sender.close?.(),
});

/**
 * Decorates `app.mailSender` and, when there is a sender, registers mail delivery on the job engine (it runs where
 * the engine is started). Without a sender nothing is delivered and the outbox keeps every mail queued; in
 * production that is a warning at start and on the readiness detail (it does not make the process unready).
 */
export default fp<{ mailSender?: MailSender | null }>(
  async (app, opts) => {
    const sender = opts.mailSender !== undefined ? opts.mailSender : await createMailSender(app.config);
    app.decorate('mailSender', sender);
    if (sender)
      await registerMailDelivery(app.jobs, {
        db: app.db,
        sender: countedSender(sender),
        log: app.log,
        attemptTimeoutSeconds: app.config.mailAttemptTimeoutSeconds,
        retryDelaySeconds: app.config.mailRetryDelaySeconds,
      });
    else if (app.config.production) {
      app.log.warn(MAIL_ONLY_QUEUED);
      app.addReadinessCheck('mail', async () => ({ warning: MAIL_ONLY_QUEUED }));
    }
    app.addHook('onClose', async () => sender?.close?.());
  },
  { name: 'app-mail', dependencies: ['app-jobs', 'app-readiness'] },
);
