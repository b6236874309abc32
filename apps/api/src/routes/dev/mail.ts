import { devMailQuery, devMailReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../lib/escape-html.ts';
import { findOutboxMessages } from '../../services/mail/outbox.ts';

/** Linkifies URLs in escaped text. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const plural = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/** 'sent', 'queued', 'queued (2 attempts so far)', 'failed after 12 attempts'. */
const deliveryState = (m: { status: string; attempts: number }) => {
  if (m.status === 'failed') return `failed after ${plural(m.attempts)}`;
  if (m.status === 'queued' && m.attempts) return `queued (${plural(m.attempts)} so far)`;
  return m.status;
};

/** Demo mode only: read the mail outbox in the browser or as JSON (tests, e2e). */
const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/mail/messages',
    { schema: { tags: ['dev'], querystring: devMailQuery, response: { 200: devMailReply } } },
    async (request) => {
      const rows = await findOutboxMessages(app.db, { to: request.query.to });
      return {
        data: rows.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get('/api/dev/mail', { schema: { tags: ['dev'], hide: true } }, async (_request, reply) => {
    const rows = await findOutboxMessages(app.db, { limit: 100 });
    const items = rows
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.toAddress)}</strong> · ${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC · ${escapeHtml(deliveryState(m))}</p>
  ${m.error ? `<p class="error">Last error: ${escapeHtml(m.error)}</p>` : ''}
  <pre>${linkify(m.textBody)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo mail outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
article{border:1px solid #d0d5dd;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.15rem}
.meta{color:#555;margin:0 0 .75rem}.error{color:#b42318;margin:0 0 .75rem}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#0b5cad}</style></head>
<body><h1>Demo mail outbox</h1><p>Mail the demo would have sent, newest first. Nothing leaves this server without SMTP_URL.</p>
${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
export default devMailRoutes;
