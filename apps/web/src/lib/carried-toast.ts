import { TOAST_DURATION, toast } from './toast';

/**
 * A success toast that must survive a full page load, possibly onto another site (sub-domain mode has no shared
 * storage): the link carries `?notice=<key>`, and the next page shows the text and drops the parameter.
 * Only these keys are recognised, so a crafted link cannot put arbitrary text on the page.
 */
export const CARRIED_TOASTS = {
  'membership-added': 'Membership added to basket.',
  'account-created': 'Your account has been created.',
} as const;
export type CarriedToast = keyof typeof CARRIED_TOASTS;

const PARAM = 'notice';

export function withCarriedToast(href: string, key: CarriedToast): string {
  const url = new URL(href, window.location.href);
  url.searchParams.set(PARAM, key);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

/** Takes the carried toast off the current URL (call before the router starts); returns its text, if any. */
export function takeCarriedToast(): string | null {
  const url = new URL(window.location.href);
  const key = url.searchParams.get(PARAM);
  if (key === null) return null;
  url.searchParams.delete(PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return Object.hasOwn(CARRIED_TOASTS, key) ? CARRIED_TOASTS[key as CarriedToast] : null;
}

export function showCarriedToast(text: string | null): void {
  if (text) toast.success(text, { duration: TOAST_DURATION.default });
}
