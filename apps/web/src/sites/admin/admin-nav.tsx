import type { StaffMember } from '../../features/staff-auth/api/get-staff-me';
import { canUse, type StaffArea } from '../../features/staff-auth/rules/permissions';
import { NavLink } from '../../lib/router';

const LINKS: { to: string; label: string; area: StaffArea | null }[] = [
  { to: '/', label: 'Home', area: null },
  { to: '/desk', label: 'Front desk', area: 'desk' },
  { to: '/registers', label: 'Registers', area: 'registers' },
  { to: '/programme', label: 'Programme', area: 'programme' },
  { to: '/approvals', label: 'Approvals', area: 'approvals' },
  { to: '/reports', label: 'Reports', area: 'reports' },
  { to: '/audit', label: 'Audit log', area: 'audit' },
  { to: '/accounts', label: 'Staff accounts', area: 'accounts' },
];

/** The console's sections the staff member's role may use, and no others. */
export function AdminNav({ staff }: { staff: Pick<StaffMember, 'role'> }) {
  const links = LINKS.filter((link) => link.area === null || canUse(staff.role, link.area));
  return (
    <nav className="admin-nav" aria-label="Staff console">
      <ul className="admin-nav__list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === '/'} className="admin-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
