/**
 * Server HTML (terms, waivers) often opens with its own title, which the page or modal already shows as a
 * heading. These helpers drop that repeat so a heading reads once.
 */

const normalise = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&nbsp;/gi, ' ')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/^\s*the\s+/, '')
    .replace(/[^a-z0-9]+/g, '');

/** Whether two headings say the same (ignoring case, punctuation, '&' for 'and', a leading 'The'). */
export function isSameHeading(a: string, b: string): boolean {
  const x = normalise(a);
  const y = normalise(b);
  return x.length > 0 && x === y;
}

/** Whether `inner` only repeats `outer` (the same, or `outer` with a word or two before it). */
export function repeatsHeading(inner: string, outer: string): boolean {
  const x = normalise(inner);
  const y = normalise(outer);
  return x.length > 0 && y.length > 0 && (x === y || x.endsWith(y));
}

const LEADING_HEADING = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>\s*/i;

/** The HTML without its first element when that is a heading saying the same as `title`. */
export function withoutLeadingTitle(html: string, title: string): string {
  const match = LEADING_HEADING.exec(html);
  return match && isSameHeading(match[2] ?? '', title) ? html.slice(match[0].length) : html;
}
