import { PageTitle } from '../../../../lib/page-title';
import { Link, Outlet, useLocation, useParams } from '../../../../lib/router';
import '../../../../features/user-details/user-details.css';

/**
 * My details (joining §2): heading 'My Details' and the Personal details / Waivers tabs; one waiver's page shows
 * 'Back to waivers' instead of the tabs.
 */
export default function UserDetailsLayout() {
  const { pathname } = useLocation();
  const { slug } = useParams();
  const isWaivers = /\/user-details\/waivers\/?$/.test(pathname);
  const tabs = [
    { to: '/user-details', label: 'Personal details', isCurrent: /\/user-details\/?$/.test(pathname) },
    { to: '/user-details/waivers', label: 'Waivers', isCurrent: isWaivers },
  ];
  return (
    <div className="user-details">
      <PageTitle title="My Details" />
      <h1>My Details</h1>
      {slug ? (
        <Link className="back-link" to="/user-details/waivers">
          Back to waivers
        </Link>
      ) : (
        <nav className="user-details-tabs" aria-label="My details">
          <ul>
            {tabs.map((tab) => (
              <li key={tab.to}>
                <Link to={tab.to} aria-current={tab.isCurrent ? 'page' : undefined}>
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}
