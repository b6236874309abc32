import { Link, useMatches } from 'react-router';

export interface RouteHandle {
  crumb?: string;
}

/** Breadcrumbs from the `crumb` of each matched route (spec §2 Breadcrumbs). */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches
    .filter((match) => (match.handle as RouteHandle | undefined)?.crumb)
    .map((match) => ({ label: (match.handle as RouteHandle).crumb as string, to: match.pathname }));
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
