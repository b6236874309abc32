/** The throttle domain's public functions: other services domains import only from here (decision 023). */
export type { CounterStore } from './counter-store.ts';
