/** The attendance domain's public functions: other services domains import only from here (decision 023). */
export { markUnmarkedUnattended } from './unmarked.ts';
