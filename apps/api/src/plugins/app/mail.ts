import fp from 'fastify-plugin';
import { createMailSender, type MailSender } from '../../services/mail/sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued mail (SMTP); null when SMTP_URL is unset (mail stays in the outbox). */
    mailSender: MailSender | null;
  }
}

export default fp<{ mailSender?: MailSender | null }>(
  async (app, opts) => {
    const sender = opts.mailSender !== undefined ? opts.mailSender : createMailSender(app.config);
    app.decorate('mailSender', sender);
    app.addHook('onClose', async () => sender?.close?.());
  },
  { name: 'app-mail' },
);
