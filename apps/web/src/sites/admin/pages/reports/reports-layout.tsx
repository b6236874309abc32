import { Link, NavLink, Outlet, useLocation } from '../../../../lib/router';
import '../../../../ui/reports/reports.css';

/**
 * The reports (issue 37): one page per report under a sub-navigation that keeps the period and venue chosen. Each
 * report is its own route under /reports (routes.tsx); the helpers who build VAT and attendance replace their
 * placeholders there.
 */
export const REPORT_SECTIONS: { to: string; label: string }[] = [
  { to: '/reports/takings', label: 'Takings' },
  { to: '/reports/memberships', label: 'Memberships' },
  { to: '/reports/vat', label: 'VAT' },
  { to: '/reports/attendance', label: 'Attendance' },
  { to: '/reports/cash-up', label: 'Cash-up' },
];

export default function ReportsLayout() {
  const { search } = useLocation();
  return (
    <div className="admin-page">
      <p className="muted">
        <Link to="/">Staff console</Link> › Reports
      </p>
      <h1>Reports</h1>
      <nav className="report-nav" aria-label="Reports">
        <ul className="report-nav__list">
          {REPORT_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={`${section.to}${search}`} className="report-nav__link">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
