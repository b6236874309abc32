import { ServerHtml } from '../../../ui/server-html';
import { useFooter } from '../api/get-footer';

/** The venue's (or operator's) footer HTML, sanitised by the API, its headings made h2 there. */
export function FooterHtml({ venue }: { venue: string | null }) {
  const footer = useFooter(venue);
  if (!footer.data?.html) return null;
  return <ServerHtml className="footer__html" html={footer.data.html} />;
}
