import { STAFF_ROLE_LABELS, worksEverywhere } from '@fieldhouse/contract/staff';
import { PendingRefunds } from '../../../../features/programme/components/pending-refunds';
import { TodayDashboard } from '../../../../features/reports/components/today-dashboard';
import { useStaffMe } from '../../../../features/staff-auth/api/get-staff-me';
import { canUse, type StaffArea } from '../../../../features/staff-auth/rules/permissions';
import { PageTitle } from '../../../../lib/page-title';
import { Link } from '../../../../lib/router';

const AREAS: { area: StaffArea; to: string; title: string; text: string }[] = [
  {
    area: 'desk',
    to: '/desk',
    title: 'Front desk',
    text: 'Find a customer, check them in, book a session and take payment.',
  },
  {
    area: 'desk',
    to: '/desk/guest-passes',
    title: 'Guest passes',
    text: 'Redeem the code a guest shows at the desk.',
  },
  {
    area: 'registers',
    to: '/registers',
    title: 'Registers',
    text: 'Who is booked on today’s sessions, and who came.',
  },
  {
    area: 'programme',
    to: '/programme',
    title: 'Programme',
    text: 'Cancel every session of a venue over a time range, with refunds.',
  },
  {
    area: 'approvals',
    to: '/approvals',
    title: 'Approvals',
    text: 'Freeze requests and eligibility documents waiting for a decision.',
  },
  {
    area: 'reports',
    to: '/reports',
    title: 'Reports',
    text: 'Takings, memberships and more for a period and venue, with CSV downloads.',
  },
  { area: 'audit', to: '/audit', title: 'Audit log', text: 'Who changed what, and when.' },
  { area: 'accounts', to: '/accounts', title: 'Staff accounts', text: 'Everyone who can log in here.' },
];

export default function HomePage() {
  const me = useStaffMe().data;
  if (!me) return null;
  const areas = AREAS.filter(({ area }) => canUse(me.role, area));
  const venues = me.venues.map((venue) => venue.name).join(', ');
  return (
    <div className="admin-page">
      <PageTitle title="Staff console" />
      <h1>Hello, {me.name}</h1>
      <p className="muted">
        {STAFF_ROLE_LABELS[me.role]}
        {/* Administrators and finance work at every venue: their venues are not listed. */}
        {!worksEverywhere(me.role) && venues ? ` at ${venues}` : ''}
      </p>
      {canUse(me.role, 'reports') && <TodayDashboard />}
      {areas.length > 0 ? (
        <ul className="admin-home__areas">
          {areas.map(({ to, title, text }) => (
            <li key={to} className="card">
              <h2>
                <Link to={to}>{title}</Link>
              </h2>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>There is nothing here your role may use. Ask an administrator if you need something.</p>
      )}
      {canUse(me.role, 'programme') && <PendingRefunds />}
    </div>
  );
}
