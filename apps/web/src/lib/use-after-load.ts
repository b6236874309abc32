import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle: for heavy, non-essential parts (the joining map) that
 * should never compete with the first paint for bandwidth or the main thread.
 */
export function useAfterLoad(): boolean {
  const [isAfterLoad, setIsAfterLoad] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let idle: number | undefined;
    const whenIdle = () => {
      const done = () => {
        if (!cancelled) setIsAfterLoad(true);
      };
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(done, { timeout: 2_000 });
      else idle = setTimeout(done, 200) as unknown as number;
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        clearTimeout(idle);
      }
    };
  }, []);
  return isAfterLoad;
}
