import { useSyncExternalStore } from 'react';

/** Breakpoints (spec §9): mobile under 575px, tablet 575–1200, desktop over 1200. */
export const MOBILE_QUERY = '(max-width: 574.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);
