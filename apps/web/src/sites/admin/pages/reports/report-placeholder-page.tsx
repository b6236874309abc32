import { PageTitle } from '../../../../lib/page-title';
import { useLocation } from '../../../../lib/router';
import { REPORT_SECTIONS } from './reports-layout';

/**
 * A report still being built (VAT, attendance): its place in the sub-navigation, and a word that it is coming. The
 * route of each is replaced by its own page when it is built (routes.tsx).
 */
export default function ReportPlaceholderPage() {
  const { pathname } = useLocation();
  const title = REPORT_SECTIONS.find((section) => pathname.endsWith(section.to))?.label ?? 'Report';
  return (
    <section className="report-section">
      <PageTitle title={`${title} report`} />
      <h2>{title}</h2>
      <p>This report is not ready yet. It will appear here.</p>
    </section>
  );
}
