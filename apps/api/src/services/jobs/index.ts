/** The jobs domain's public functions: other services domains import only from here (decision 023). */
export type { JobContext, JobEngine, WorkOptions } from './job-engine.ts';
