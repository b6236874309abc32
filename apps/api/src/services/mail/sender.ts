import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findQueuedMail, markMailFailed, markMailSent } from './outbox.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string | null };

/** Something that delivers one mail (SMTP in production, a fake in tests). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close?(): void | Promise<void>;
}

export function createMailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): MailSender | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      });
    },
    close: () => transport.close(),
  };
}

/** Delivers queued outbox mail once; returns how many were sent. */
export async function deliverQueuedMail(
  db: Db,
  sender: MailSender,
  log: FastifyBaseLogger,
  now = () => new Date(),
) {
  let sent = 0;
  for (const mail of await findQueuedMail(db)) {
    try {
      await sender.send({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      await markMailSent(db, mail.id, now());
      sent++;
    } catch (err) {
      log.error({ err, mailId: mail.id }, 'Mail delivery failed');
      await markMailFailed(db, mail.id, mail.attempts, err instanceof Error ? err.message : String(err));
    }
  }
  return sent;
}

/** Polls the outbox every few seconds; returns a stop function. */
export function startMailDelivery(db: Db, sender: MailSender, log: FastifyBaseLogger, intervalMs = 5_000) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverQueuedMail(db, sender, log);
    } catch (err) {
      log.error({ err }, 'Mail delivery loop failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
