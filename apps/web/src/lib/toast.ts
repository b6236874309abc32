/** Toast durations (spec §9): most toasts 5000 ms, payment toasts 10000 ms, short ones 3000 ms. */
export const TOAST_DURATION = { default: 5000, payment: 10_000, short: 3000 } as const;
export { toast } from 'sonner';
