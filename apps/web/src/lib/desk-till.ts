import { useSyncExternalStore } from 'react';

/**
 * The till this desk device takes cash into (decision 083), remembered on the device (localStorage), so the desk's
 * payments and cash refunds name it. Shared by the cash-up page (which sets it) and the desk (which reads it).
 */
export interface DeskTill {
  id: number;
  name: string;
  venueId: number;
}

const KEY = 'fh_desk_till';
const listeners = new Set<() => void>();

function read(): DeskTill | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DeskTill>;
    if (typeof value.id !== 'number' || typeof value.venueId !== 'number') return null;
    return { id: value.id, name: String(value.name ?? ''), venueId: value.venueId };
  } catch {
    return null;
  }
}

let snapshot: DeskTill | null = typeof window === 'undefined' ? null : read();

export const readDeskTill = (): DeskTill | null => snapshot;

/** Sets (or, with null, forgets) this device's till. */
export function chooseDeskTill(till: DeskTill | null): void {
  try {
    if (till) globalThis.localStorage?.setItem(KEY, JSON.stringify(till));
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Private mode without storage: remembered for this page only.
  }
  snapshot = till;
  for (const listener of listeners) listener();
}

export function useDeskTill(): DeskTill | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    () => null,
  );
}
