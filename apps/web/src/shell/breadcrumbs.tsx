import { Link } from '../lib/router';
import { type RouteHandle, useRouteMatches } from './site-routes';

/** Breadcrumbs from the `crumb` of each matched route (spec §2 Breadcrumbs). */
export function Breadcrumbs() {
  const crumbs = useRouteMatches()
    .map((match) => ({ label: (match.route.handle as RouteHandle | undefined)?.crumb, to: match.pathname }))
    .filter((crumb): crumb is { label: string; to: string } => Boolean(crumb.label));
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.to}-${crumb.label}`}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.to}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
