import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION, toasterStore } from '../lib/toast';

/** sonner's toaster with the house settings; a lazy chunk, mounted on the first toast (lib/toast). */
export type ToastPosition = 'top-right' | 'bottom-right';

export default function HouseToaster({ position = 'top-right' }: { position?: ToastPosition }) {
  useEffect(() => toasterStore.onMounted(), []);
  return (
    <Toaster
      position={position}
      duration={TOAST_DURATION.default}
      closeButton
      toastOptions={{ className: 'toast', style: { width: '325px' } }}
    />
  );
}
