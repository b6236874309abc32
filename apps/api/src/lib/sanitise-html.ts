import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'small',
    'span',
    'div',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'address',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Sanitises operator-supplied HTML (footer, descriptions): basic formatting and safe links only. */
export const sanitiseHtml = (html: string) => sanitizeHtml(html, OPTIONS);

const FOOTER_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  transformTags: {
    ...OPTIONS.transformTags,
    ...Object.fromEntries(['h1', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, 'h2'])),
  },
};

/**
 * The footer shows under every page, whose own headings start at h1: any heading in it becomes h2, so no page
 * skips a heading level (an operator's `<h3>` under a page's h1 did).
 */
export const sanitiseFooterHtml = (html: string) => sanitizeHtml(html, FOOTER_OPTIONS);
