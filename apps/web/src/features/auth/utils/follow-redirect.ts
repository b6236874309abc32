import { type CarriedToast, withCarriedToast } from '../../../lib/carried-toast';
import type { NavigateFunction } from '../../../lib/router';
import { getSiteConfig } from '../../../lib/site-config';
import { memberSiteHref } from '../rules/member-site-href';
import { safeRedirect } from '../rules/redirect';

let isLeaving = false;

/**
 * Logged in (or the account just made): on to ?redirect=, a path on this site or an address on another member site
 * (the bookings site's page whose login modal sent the visitor here: a full page load, carrying `notice` as its
 * toast). Once: the public-only guard, which also sees the login, does not start a second page load without it.
 */
export function followRedirect(
  value: string | null,
  navigate: NavigateFunction,
  notice?: CarriedToast,
): void {
  const away =
    !value || value.startsWith('/')
      ? null
      : memberSiteHref(value, getSiteConfig().urls, window.location.href);
  if (!away) {
    navigate(safeRedirect(value), { replace: true });
    return;
  }
  if (isLeaving) return;
  isLeaving = true;
  window.location.replace(notice ? withCarriedToast(away, notice) : away);
}
