import fp from 'fastify-plugin';
import { registerMailDelivery } from '../../services/mail/delivery.ts';
import { createMailSender, type MailSender } from '../../services/mail/sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued mail (SMTP); null when SMTP_URL is unset (mail stays in the outbox). */
    mailSender: MailSender | null;
  }
}

/**
 * Decorates `app.mailSender` and, when there is a sender, registers mail delivery on the job engine (it runs where
 * the engine is started). Without a sender nothing is delivered and the outbox keeps every mail queued.
 */
export default fp<{ mailSender?: MailSender | null }>(
  async (app, opts) => {
    const sender = opts.mailSender !== undefined ? opts.mailSender : await createMailSender(app.config);
    app.decorate('mailSender', sender);
    if (sender)
      await registerMailDelivery(app.jobs, {
        db: app.db,
        sender,
        log: app.log,
        attemptTimeoutSeconds: app.config.mailAttemptTimeoutSeconds,
        retryDelaySeconds: app.config.mailRetryDelaySeconds,
      });
    app.addHook('onClose', async () => sender?.close?.());
  },
  { name: 'app-mail', dependencies: ['app-jobs'] },
);
