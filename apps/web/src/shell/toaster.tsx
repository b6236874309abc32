import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION, toasterStore } from '../lib/toast';

/** sonner's toaster with the house settings; a lazy chunk, mounted on the first toast (lib/toast). */
export default function HouseToaster() {
  useEffect(() => toasterStore.onMounted(), []);
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION.default}
      closeButton
      toastOptions={{ className: 'toast', style: { width: '325px' } }}
    />
  );
}
