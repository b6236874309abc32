import type { ExternalToast } from 'sonner';

/** Toast durations (spec §9): most toasts 5000 ms, payment toasts 10000 ms, short ones 3000 ms. */
export const TOAST_DURATION = { default: 5000, payment: 10_000, short: 3000 } as const;

type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info';

/**
 * Toasts load on first use: sonner (and its styles) stay out of every first load. The first toast asks the
 * shell's <LazyToaster> to mount sonner's <Toaster>, waits until it has, then shows; later toasts show at once.
 */
let sonner: Promise<Sonner> | null = null;
let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});
const listeners = new Set<() => void>();
let isToasterWanted = false;

function show(kind: Kind, message: string, options?: ExternalToast) {
  if (!sonner) {
    sonner = import('sonner');
    isToasterWanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([sonner, mounted]).then(([module]) => module.toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
};

/** For the shell's <LazyToaster>: whether a toast has been asked for, and its mount signal. */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: () => isToasterWanted,
  onMounted: () => toasterMounted(),
};
