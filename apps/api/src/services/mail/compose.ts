import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * Every mail's HTML: a whole document in British English (lang, charset, a title that is the subject, a viewport for
 * phones), so mail clients and screen readers read it right.
 */
export const layout = (clientName: string, subject: string, body: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#1d2433;line-height:1.5">${body}<p style="color:#666">${escapeHtml(clientName)}</p></body></html>`;

/** Part of a paragraph: plain text, or text the HTML shows in bold (the plain text shows it as it is). */
export type Inline = string | { strong: string };

/** One block of a mail, written once and rendered both as plain text and as HTML. */
export type MailBlock =
  /** A paragraph. */
  | Inline
  | Inline[]
  /** A bulleted list ('- item' in the text). */
  | { list: string[] }
  /**
   * A link on its own line. HTML: `<a>label</a> note`; text: `textLabel note: href` ('Keep or cancel: https://…').
   */
  | { href: string; label: string; textLabel?: string; note?: string }
  /** A code to show at a desk, large in the HTML: 'Your guest pass code: ABC'. */
  | { code: string; label: string };

const isLink = (b: MailBlock): b is { href: string; label: string; textLabel?: string; note?: string } =>
  typeof b === 'object' && !Array.isArray(b) && 'href' in b;
const isList = (b: MailBlock): b is { list: string[] } =>
  typeof b === 'object' && !Array.isArray(b) && 'list' in b;
const isCode = (b: MailBlock): b is { code: string; label: string } =>
  typeof b === 'object' && !Array.isArray(b) && 'code' in b;
const inlines = (b: Inline | Inline[]): Inline[] => (Array.isArray(b) ? b : [b]);

function blockText(b: MailBlock): string {
  if (isLink(b)) return `${b.textLabel ?? b.label}${b.note ? ` ${b.note}` : ''}: ${b.href}`;
  if (isList(b)) return b.list.map((item) => `- ${item}`).join('\n');
  if (isCode(b)) return `${b.label}: ${b.code}`;
  return inlines(b)
    .map((part) => (typeof part === 'string' ? part : part.strong))
    .join('');
}

function blockHtml(b: MailBlock): string {
  if (isLink(b))
    return `<p><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a>${b.note ? ` ${escapeHtml(b.note)}` : ''}</p>`;
  if (isList(b)) return `<ul>${b.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  if (isCode(b))
    return `<p style="font-size:20px">${escapeHtml(b.label)}: <strong>${escapeHtml(b.code)}</strong></p>`;
  const html = inlines(b)
    .map((part) =>
      typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.strong)}</strong>`,
    )
    .join('');
  return `<p>${html}</p>`;
}

/**
 * A mail to a person in both forms from one list of blocks: 'Hello <name>,', the blocks (a blank line between each
 * in the text), and the operator's name to sign off. Every value is escaped in the HTML; the text is the same words.
 */
export function composeMail<K extends string>(input: {
  kind: K;
  clientName: string;
  subject: string;
  /** Whom it greets: a first name, or a staff member's name. */
  greet: string;
  blocks: (MailBlock | null | false)[];
}) {
  const blocks = input.blocks.filter((b): b is MailBlock => b !== null && b !== false);
  const text = [`Hello ${input.greet},`, ...blocks.map(blockText), input.clientName].join('\n\n');
  const html = layout(
    input.clientName,
    input.subject,
    `<p>Hello ${escapeHtml(input.greet)},</p>${blocks.map(blockHtml).join('')}`,
  );
  return { kind: input.kind, subject: input.subject, text, html };
}
