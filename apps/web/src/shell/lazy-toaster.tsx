import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterStore } from '../lib/toast';

const HouseToaster = lazy(() => import('./toaster'));

/** Renders nothing until the first toast is asked for; then loads and mounts the toaster. */
export function LazyToaster() {
  const isWanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.isWanted, () => false);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <HouseToaster />
    </Suspense>
  );
}
