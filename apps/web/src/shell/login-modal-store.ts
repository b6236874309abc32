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

export const useIsLoginModalOpen = (): boolean =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isOpen,
  );
