import { NOT_FOUND_PAGE, NOT_SET_UP } from '@fieldhouse/contract';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The page every site answers while the database has no operator (decision 028): one self-contained HTML file (no
 * script, no external asset, no operator theme — there is none yet), readable on a phone and in dark mode.
 */
export function setUpPageHtml(): string {
  return plainPage({
    title: NOT_SET_UP.title,
    icon: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
    body: `<h1>${escapeHtml(NOT_SET_UP.heading)}</h1>\n<p>${escapeHtml(NOT_SET_UP.message)}</p>`,
  });
}

/**
 * The not-found page, when CLIENT_ID names an operator the database does not hold while it holds others (the
 * specification: a client that cannot be loaded shows the not-found page; issue 43). Self-contained like the
 * set-up page: there is no operator's theme to use.
 */
export function notFoundPageHtml(): string {
  return plainPage({
    title: NOT_FOUND_PAGE.title,
    icon: '<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5l5 5M14.5 9.5l-5 5"/>',
    body: `<h1>${escapeHtml(NOT_FOUND_PAGE.heading)}</h1>\n<p><a href="/">${escapeHtml(NOT_FOUND_PAGE.goHome)}</a></p>`,
  });
}

function plainPage({ title, icon, body }: { title: string; icon: string; body: string }): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #ffffff; --text: #1d2430; --muted: #404a5a; --accent: #1f5fa8; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #12161c; --card: #1c222b; --text: #eef1f5; --muted: #c3cad4; --accent: #8db8ee; }
}
* { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; }
body {
  display: flex; align-items: center; justify-content: center; min-height: 100vh; padding: min(1.5rem, 4vw);
  background: var(--bg); color: var(--text);
  font: 1.0625rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
main {
  width: 100%; max-width: 34rem; padding: 2rem min(1.75rem, 5vw); border-radius: 0.75rem; background: var(--card);
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); text-align: center;
}
svg { width: 3rem; height: 3rem; color: var(--accent); }
h1 { margin: 1rem 0 0.75rem; font-size: 1.625rem; line-height: 1.25; text-wrap: balance; overflow-wrap: break-word; }
p { margin: 0; color: var(--muted); text-wrap: pretty; }
a { color: var(--accent); font-weight: 600; }
</style>
</head>
<body>
<main>
<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${icon}</svg>
${body}
</main>
</body>
</html>
`;
}
