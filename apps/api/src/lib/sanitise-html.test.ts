import { describe, expect, it } from 'vitest';
import { sanitiseFooterHtml, sanitiseHtml } from './sanitise-html.ts';

describe('sanitiseHtml', () => {
  it('keeps formatting and safe links', () => {
    const html =
      '<h3>Contact</h3><p><strong>Call</strong> <a href="tel:01130000000">us</a> or <a href="mailto:a@b.test">mail</a></p><ul><li>x</li></ul>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it('strips scripts, styles, event handlers and javascript: links', () => {
    const out = sanitiseHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    );
    expect(out).toBe('<p>Hi<a>x</a></p>');
  });

  it('makes every footer heading an h2, so no page under it skips a heading level', () => {
    expect(sanitiseFooterHtml('<h1>A</h1><h3>B</h3><h6 onclick="x()">C</h6><p>D<script>x</script></p>')).toBe(
      '<h2>A</h2><h2>B</h2><h2>C</h2><p>D</p>',
    );
  });

  it('adds rel to links opening a new tab', () => {
    expect(sanitiseHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
