import { PENDING_ADD_KEY } from './login-modal-store';

/**
 * 'Add to basket' tapped by a visitor who is not logged in: the session they asked for, added for them once they
 * have logged in (in the modal) or created an account (on the account site, which brings them back to the page).
 * Kept for the tab in sessionStorage, so it survives the trip to the account site and back (in sub-domain mode
 * too: this origin's storage is the tab's again when it returns); taken once, within half an hour. Closing the
 * modal forgets it (login-modal-store). Imported by the timetable only, so it loads with it.
 */
const KEEP_MS = 30 * 60_000;

export function rememberPendingAdd(sessionId: number): void {
  try {
    sessionStorage.setItem(PENDING_ADD_KEY, `${sessionId} ${Date.now()}`);
  } catch {
    // No storage: the member taps 'Add to basket' again once logged in.
  }
}

/** Whether an add is pending for this session; if so, it is taken (so it is done once). */
export function takePendingAdd(sessionId: number): boolean {
  try {
    const [id, at = 0] = (sessionStorage.getItem(PENDING_ADD_KEY) ?? '').split(' ').map(Number);
    if (id !== sessionId) return false;
    sessionStorage.removeItem(PENDING_ADD_KEY);
    return Date.now() - at < KEEP_MS;
  } catch {
    return false;
  }
}
