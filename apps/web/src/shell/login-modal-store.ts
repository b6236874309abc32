import { useSyncExternalStore } from 'react';

let isOpen = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function openLoginModal(): void {
  isOpen = true;
  emit();
}
export function closeLoginModal(): void {
  isOpen = false;
  emit();
}

/** sessionStorage: the 'Add to basket' waiting for the visitor to log in (shell/pending-add). */
export const PENDING_ADD_KEY = 'fh-pending-add';

/** Nothing is added after all: the visitor closed the login modal, or the kiosk's idle timer ended their visit. */
export function forgetPendingAdd(): void {
  try {
    sessionStorage.removeItem(PENDING_ADD_KEY);
  } catch {}
}

export const useIsLoginModalOpen = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOpen,
  );
