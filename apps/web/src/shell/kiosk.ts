import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TOAST_DURATION, toast } from '../lib/toast';

const PENDING_TOAST_KEY = 'fh-kiosk-idle-toast';
const JOINING_FORM_CLEARED = 'Joining form cleared due to inactivity';

/** The idle toast survives the redirect to kiosk home: shown on the next page load. */
export function showPendingKioskToast(): void {
  if (sessionStorage.getItem(PENDING_TOAST_KEY)) {
    sessionStorage.removeItem(PENDING_TOAST_KEY);
    toast.info(JOINING_FORM_CLEARED, { duration: TOAST_DURATION.default });
  }
}

/**
 * Kiosk idle (spec §4, `kiosk-idle.ts`): only a kiosk loads the timers, once the page is up; a member's phone never
 * downloads them.
 */
export function useKioskIdle({
  kioskHomeHref,
  idleMs,
  secondIdleMs,
}: {
  kioskHomeHref: string | null;
  idleMs: number;
  secondIdleMs: number;
}): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!kioskHomeHref) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./kiosk-idle').then(({ startKioskIdle }) => {
      if (!stopped)
        stop = startKioskIdle(
          { kioskHomeHref, idleMs, secondIdleMs, pendingToastKey: PENDING_TOAST_KEY },
          queryClient,
        );
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [kioskHomeHref, idleMs, secondIdleMs, queryClient]);
}
