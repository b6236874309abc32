import type { ReactNode } from 'react';
import { siteHref } from '../lib/links';
import { getModes } from '../lib/modes';
import { Link } from '../lib/router';
import { getSiteConfig, type MemberSite } from '../lib/site-config';

export interface SiteLinkProps {
  site: MemberSite;
  to: string;
  children: ReactNode;
  className?: string;
  withKiosk?: boolean;
  onClick?: () => void;
  'aria-label'?: string;
  'data-testid'?: string;
}

export const useSiteHref = () => (site: MemberSite, to: string, withKiosk?: boolean) =>
  siteHref(getSiteConfig(), getModes(), site, to, { withKiosk });

/** A router link within the current site, a full-page link (with embedded/kiosk flags) across sites. */
export function SiteLink({ site, to, withKiosk, children, ...rest }: SiteLinkProps) {
  if (site === getSiteConfig().site)
    return (
      <Link to={to} {...rest}>
        {children}
      </Link>
    );
  return (
    <a href={siteHref(getSiteConfig(), getModes(), site, to, { withKiosk })} {...rest}>
      {children}
    </a>
  );
}
