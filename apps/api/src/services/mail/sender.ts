import type { Config } from '../../config.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on marketing mail). */
  headers?: Record<string, string> | null;
  /**
   * Stable per outbox mail (`outbox-{id}`), sent as the Message-ID: if a mail is ever delivered twice (a crash between
   * the SMTP server's acceptance and marking it sent), both copies carry the same Message-ID.
   */
  id?: string;
};

/** `<outbox-12@fieldhouse.test>` from the id and the MAIL_FROM domain. */
export function messageIdFor(id: string, mailFrom: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'fieldhouse.invalid';
  return `<${id}@${domain}>`;
}

/** Something that delivers one mail (SMTP in production, a fake in tests). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close?(): void | Promise<void>;
}

/** An SMTP sender for SMTP_URL, or null without one (nodemailer is loaded only then: a faster start without it). */
export async function createMailSender(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> & { mailAttemptTimeoutSeconds?: number },
): Promise<MailSender | null> {
  if (!config.smtpUrl) return null;
  const { default: nodemailer } = await import('nodemailer');
  const attemptMs = (config.mailAttemptTimeoutSeconds ?? 300) * 1000;
  // Timeouts well inside a delivery attempt's claim (delivery.ts): a hung SMTP server fails the attempt, which is
  // retried later, instead of outliving the claim.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: Math.min(30_000, attemptMs / 4),
    greetingTimeout: Math.min(30_000, attemptMs / 4),
    socketTimeout: Math.min(60_000, attemptMs / 3),
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.id ? { messageId: messageIdFor(message.id, config.mailFrom) } : {}),
      });
    },
    close: () => transport.close(),
  };
}
