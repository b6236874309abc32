/**
 * HTML the API sends already sanitised (operator footers, membership descriptions, terms, waivers): the one
 * sanitiser is on the server (apps/api/src/lib/sanitise-html.ts, an allow-list of formatting tags and safe
 * links), so no HTML sanitiser ships to the browser. Never pass HTML from anywhere else.
 */
export function ServerHtml({ html, className, id }: { html: string; className?: string; id?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API before it is sent (see above).
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
