import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useFooter } from './api';

/** Footer HTML from the server, sanitised again here before it is rendered. Lazily loaded (DOMPurify). */
export default function FooterHtml({ venue }: { venue: string | null }) {
  const footer = useFooter(venue);
  const html = useMemo(
    () => (footer.data?.html ? DOMPurify.sanitize(footer.data.html, { USE_PROFILES: { html: true } }) : ''),
    [footer.data?.html],
  );
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
  return <div className="footer__html" dangerouslySetInnerHTML={{ __html: html }} />;
}
