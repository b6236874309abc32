import { PENDING_ADD_KEY } from './login-modal-store';

/**
 * 'Add to basket' or 'Join waitlist' tapped by a visitor who is not logged in: the session they asked for and what
 * they asked, done for them once they have logged in (in the modal) or created an account (on the account site,
 * which brings them back to the page). Kept for the tab in sessionStorage, so it survives the trip to the account
 * site and back (in sub-domain mode too: this origin's storage is the tab's again when it returns); taken once,
 * within half an hour. Closing the modal forgets it (login-modal-store). Imported by the timetable only, so it loads
 * with it.
 */
const KEEP_MS = 30 * 60_000;

export type PendingAction = 'add' | 'waitlist';

export function rememberPendingAdd(sessionId: number, action: PendingAction = 'add'): void {
  try {
    sessionStorage.setItem(PENDING_ADD_KEY, `${sessionId} ${Date.now()} ${action}`);
  } catch {
    // No storage: the member taps the button again once logged in.
  }
}

/** What is pending for this session, if anything; it is taken (so it is done once). */
export function takePendingAdd(sessionId: number): PendingAction | null {
  try {
    const [id, at, action] = (sessionStorage.getItem(PENDING_ADD_KEY) ?? '').split(' ');
    if (Number(id) !== sessionId) return null;
    sessionStorage.removeItem(PENDING_ADD_KEY);
    if (!(Date.now() - Number(at ?? 0) < KEEP_MS)) return null;
    return action === 'waitlist' ? 'waitlist' : 'add';
  } catch {
    return null;
  }
}
