import { LOGGED_IN_COOKIE } from '@fieldhouse/contract/texts/common';
import type { QueryClient } from '@tanstack/react-query';
import { clearSessionState, logout } from '../features/auth/api/log-out';
import { readCookie } from '../lib/cookies';
import { forgetPendingAdd } from './login-modal-store';

const JOIN_PREFIX = 'fh-join';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** Clears the joining form kept in sessionStorage (keys prefixed 'fh-join'). Returns whether anything was cleared. */
export function clearJoiningForm(): boolean {
  const keys: string[] = [];
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(JOIN_PREFIX)) keys.push(key);
  }
  for (const key of keys) sessionStorage.removeItem(key);
  return keys.length > 0;
}

const isAt = (href: string) => {
  const target = new URL(href, window.location.href);
  return target.origin === window.location.origin && target.pathname === window.location.pathname;
};

/**
 * Kiosk idle (spec §4): after `idleMs` with no pointer/key/touch/scroll activity the customer is logged
 * out, the joining form is cleared (toast 'Joining form cleared due to inactivity') and the kiosk goes
 * back to its home. The second timer (`secondIdleMs`) is a safety net: if a session is still there it
 * logs out again and returns home. Loaded only in kiosk mode (`useKioskIdle`); returns the clean-up.
 */
export function startKioskIdle(
  {
    kioskHomeHref,
    idleMs,
    secondIdleMs,
    pendingToastKey,
  }: { kioskHomeHref: string; idleMs: number; secondIdleMs: number; pendingToastKey: string },
  queryClient: QueryClient,
): () => void {
  let first: number | undefined;
  let second: number | undefined;

  const goHome = () => {
    if (!isAt(kioskHomeHref)) window.location.assign(kioskHomeHref);
    else window.location.reload();
  };

  const onFirst = async () => {
    const hadSession = readCookie(LOGGED_IN_COOKIE) === '1';
    const hadForm = clearJoiningForm();
    // An 'Add to basket' the last visitor left waiting for a login is not the next one's.
    forgetPendingAdd();
    if (!hadSession && !hadForm && isAt(kioskHomeHref)) return;
    if (hadSession) await logout().catch(() => undefined);
    clearSessionState(queryClient);
    sessionStorage.setItem(pendingToastKey, '1');
    goHome();
  };

  const onSecond = async () => {
    if (readCookie(LOGGED_IN_COOKIE) !== '1') return;
    await logout().catch(() => undefined);
    clearSessionState(queryClient);
    clearJoiningForm();
    goHome();
  };

  const reset = () => {
    window.clearTimeout(first);
    window.clearTimeout(second);
    first = window.setTimeout(onFirst, idleMs);
    second = window.setTimeout(onSecond, secondIdleMs);
  };

  reset();
  for (const event of ACTIVITY_EVENTS)
    window.addEventListener(event, reset, { passive: true, capture: true });
  return () => {
    window.clearTimeout(first);
    window.clearTimeout(second);
    for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, reset, { capture: true });
  };
}
