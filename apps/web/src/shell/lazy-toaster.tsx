import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterStore } from '../lib/toast';
import type { ToastPosition } from './toaster';

const HouseToaster = lazy(() => import('./toaster'));

/**
 * Renders nothing until the first toast is asked for; then loads and mounts the toaster. `position`: the member
 * sites show toasts top right; the staff console bottom right, off its navigation bar, which runs to the right edge.
 */
export function LazyToaster({ position }: { position?: ToastPosition }) {
  const isWanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.isWanted, () => false);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <HouseToaster position={position} />
    </Suspense>
  );
}
