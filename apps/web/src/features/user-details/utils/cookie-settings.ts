declare global {
  interface Window {
    Cookiebot?: { renew?: () => void };
    OneTrust?: { ToggleInfoDisplay?: () => void };
  }
}

/** The event the tag-manager container's consent tool listens for to show its preferences again. */
export const COOKIE_SETTINGS_EVENT = 'review_cookie_settings';

/**
 * 'Review Cookie settings': the site has no consent banner of its own; cookies beyond the session come only from
 * the operator's tag-manager container. A consent tool loaded there is asked to reopen its preferences (the two
 * common ones directly), and the container always gets a `review_cookie_settings` event for any other tool.
 * Returns whether a known consent tool answered.
 */
export function openCookieSettings(target: Window = window): boolean {
  target.dataLayer = target.dataLayer ?? [];
  target.dataLayer.push({ event: COOKIE_SETTINGS_EVENT });
  if (typeof target.Cookiebot?.renew === 'function') {
    target.Cookiebot.renew();
    return true;
  }
  if (typeof target.OneTrust?.ToggleInfoDisplay === 'function') {
    target.OneTrust.ToggleInfoDisplay();
    return true;
  }
  return false;
}
