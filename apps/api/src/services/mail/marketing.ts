import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEMBER_DATA_TEXTS } from '@fieldhouse/contract/texts/member-data';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients } from '../../db/schema.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { createToken } from '../../lib/tokens.ts';
import { queueMail } from './outbox.ts';

/**
 * Marketing mail's one-click withdrawal (UK GDPR / PECR, RFC 8058; decision 077), reusable by any marketing mail:
 * each mail carries its own signed link, `<origin>/api/mail/unsubscribe/<customer id>.<link id>.<signature>`, in its
 * footer and in the `List-Unsubscribe` header beside `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The
 * signature is HMAC-SHA256 with the operator's key (`clients.mail_link_key`, made once at random), so a link cannot be
 * made for another customer or altered; the link id is random and recorded when used, so a link works once.
 */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** The operator's signing key, made at random on first use (the same key whichever process asks first). */
export async function mailLinkKey(db: DbOrTx, clientId: number): Promise<string> {
  const [row] = await db
    .update(clients)
    .set({ mailLinkKey: sql`coalesce(${clients.mailLinkKey}, ${createToken(32)})` })
    .where(eq(clients.id, clientId))
    .returning({ key: clients.mailLinkKey });
  if (!row?.key) throw new Error(`No client ${clientId}`);
  return row.key;
}

const signature = (key: string, clientId: number, customerId: number, linkId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${clientId}:${customerId}:${linkId}`).digest('base64url');

/** A new withdrawal token for the customer (its link id random). */
export function signUnsubscribeToken(key: string, clientId: number, customerId: number) {
  const linkId = createToken(16);
  return `${customerId}.${linkId}.${signature(key, clientId, customerId, linkId)}`;
}

/** The customer and link id a token was signed for, or null when it is not a token this operator signed. */
export function verifyUnsubscribeToken(key: string | null, clientId: number, token: string) {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!key || !match) return null;
  const customerId = Number(match[1]);
  const linkId = match[2]!;
  const expected = Buffer.from(signature(key, clientId, customerId, linkId));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { customerId, linkId };
}

/** The link and the two headers a marketing mail to this customer carries. */
export async function unsubscribeLink(
  db: DbOrTx,
  input: { clientId: number; customerId: number; origin: string },
) {
  const key = await mailLinkKey(db, input.clientId);
  const url = `${input.origin.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}/${signUnsubscribeToken(key, input.clientId, input.customerId)}`;
  return {
    url,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export type MarketingRecipient = { id: number; email: string; marketingOptIn: boolean };

/**
 * Queues one marketing mail, with its withdrawal link in the footer (text and HTML) and the RFC 8058 headers; a
 * customer who has not opted in (or has withdrawn) is sent nothing (false). `origin`: where the API answers
 * (the account site's origin).
 */
export async function queueMarketingMail(
  tx: DbOrTx,
  input: {
    clientId: number;
    customer: MarketingRecipient;
    origin: string;
    kind: string;
    subject: string;
    text: string;
    html?: string | null;
  },
): Promise<boolean> {
  if (!input.customer.marketingOptIn || !input.customer.email.trim()) return false;
  const link = await unsubscribeLink(tx, {
    clientId: input.clientId,
    customerId: input.customer.id,
    origin: input.origin,
  });
  const { unsubscribeFooterLead: lead, unsubscribeLinkText: linkText } = MEMBER_DATA_TEXTS;
  await queueMail(tx, {
    kind: input.kind,
    to: input.customer.email,
    subject: input.subject,
    text: `${input.text}\n\n${lead} ${linkText}: ${link.url}`,
    html:
      input.html == null
        ? null
        : `${input.html}<p style="font-size:12px">${escapeHtml(lead)} <a href="${escapeHtml(link.url)}">${escapeHtml(linkText)}</a></p>`,
    headers: link.headers,
  });
  return true;
}
