import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape-html.ts';
import { UNSUBSCRIBE_PATH } from '../../services/mail/index.ts';
import { checkWithdrawalLink, withdrawByLink } from '../../services/members-data/consent.ts';
import { requireClient } from '../request-helpers.ts';

const params = z.object({ token: z.string().max(200) });

/** A small page of its own (no site script): the mail's link opens it in any browser, logged in or not. */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** A link that was altered or made up (400), or used already (410). */
const refused = (reply: FastifyReply, kind: 'invalid' | 'used') =>
  kind === 'invalid'
    ? page(reply, 400, MEMBER_DATA_TEXTS.unsubscribeTitle, paragraph(MEMBER_DATA_TEXTS.unsubscribeInvalid))
    : page(reply, 410, MEMBER_DATA_TEXTS.unsubscribeTitle, paragraph(MEMBER_DATA_TEXTS.unsubscribeUsed));

/**
 * Marketing mail's withdrawal link (decision 077), no login: GET shows one 'Unsubscribe' button (a GET changes
 * nothing: mail scanners open links), POST withdraws, from that button or from a mail client's one-click
 * (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded, no CSRF token: the signed link proves itself). A link works
 * once (410 after); an altered or made-up one is 400.
 */
const unsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // This plugin's context only: RFC 8058's POST body is form-encoded; nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { one_click: String(body).includes('List-Unsubscribe=One-Click') }),
  );

  app.get<{ Params: { token: string } }>(
    `${UNSUBSCRIBE_PATH}/:token`,
    { schema: { tags: ['mail'], params } },
    async (request, reply) => {
      const client = await requireClient(app);
      const outcome = await checkWithdrawalLink(app.db, { clientId: client.id, token: request.params.token });
      if (outcome.kind === 'invalid' || outcome.kind === 'used') return refused(reply, outcome.kind);
      return page(
        reply,
        200,
        MEMBER_DATA_TEXTS.unsubscribeTitle,
        `${paragraph(MEMBER_DATA_TEXTS.unsubscribeQuestion(client.name))}<form method="post"><button type="submit">${escapeHtml(MEMBER_DATA_TEXTS.unsubscribeButton)}</button></form>`,
      );
    },
  );

  app.post<{ Params: { token: string }; Body: { one_click?: boolean } | undefined }>(
    `${UNSUBSCRIBE_PATH}/:token`,
    { config: { csrf: false }, bodyLimit: 1024, schema: { tags: ['mail'], params } },
    async (request, reply) => {
      const client = await requireClient(app);
      const outcome = await withdrawByLink(app.db, {
        clientId: client.id,
        token: request.params.token,
        // The page's button sends an empty form; a mail client sends List-Unsubscribe=One-Click.
        source: request.body?.one_click ? 'one_click' : 'mail_link',
        now: app.now(),
      });
      if (outcome.kind === 'invalid' || outcome.kind === 'used') return refused(reply, outcome.kind);
      request.log.info(
        { customerId: outcome.kind === 'withdrawn' ? outcome.customerId : null },
        'marketing consent withdrawn by link',
      );
      return page(
        reply,
        200,
        MEMBER_DATA_TEXTS.unsubscribeTitle,
        paragraph(MEMBER_DATA_TEXTS.unsubscribed(client.name)),
      );
    },
  );
};
export default unsubscribeRoutes;
