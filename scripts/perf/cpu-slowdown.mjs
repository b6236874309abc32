// The CPU slowdown Lighthouse's simulated phone is made with, calibrated to this host in each run (decision 057).
//
// Lighthouse simulates its mid-range phone from what the page's main thread did on the host, multiplied by a CPU
// slowdown (4 by default, meant for a fast desktop). On a slower host the same page scores less: on 2026-11-29 this
// machine ran every page's main thread about twice as long as the day before (its memory was slow: 14-16 µs a page
// fault), and the same commit scored 76-91 where it had scored 95-97. Lighthouse's own calibration, its
// BenchmarkIndex, did not see it (2,400-2,700, a fast desktop's, both days): its benchmark is JavaScript in one
// warm page, not a page load. So the stage measures a page load instead: Vite's bare React starter (the reference
// page every table here prints) is loaded first, and Lighthouse's slowdown is scaled by how much longer than on a
// quiet host its main thread took. A page that does more work than before still scores less; a slow host does not.

/** Lighthouse's default CPU slowdown. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The reference page's main-thread time, in ms before any slowdown, on a host where Lighthouse's 4× holds: fitted
 * on 2026-11-29, so that the commit measured on 2026-11-28's quieter host (medians 95-97) scores the same again.
 * Measured that day: the reference 139-156 ms, and at a slowdown of 2 the pages' medians 93-96.
 */
export const QUIET_REFERENCE_MAIN_THREAD_MS = 70;

/**
 * The slowdown for a run whose reference page took `referenceMainThreadMs` of main thread: 4 on a host as fast as
 * the quiet one (or faster: never more than Lighthouse's default), less in proportion on a slower one, never under
 * 1 (the host's own speed). Two decimals.
 */
export function calibrateCpuSlowdown(referenceMainThreadMs) {
  if (!(referenceMainThreadMs > 0))
    throw new Error(`No main-thread time for the reference page (${referenceMainThreadMs})`);
  const scaled = DEFAULT_CPU_SLOWDOWN * Math.min(1, QUIET_REFERENCE_MAIN_THREAD_MS / referenceMainThreadMs);
  return Math.max(1, Math.round(scaled * 100) / 100);
}
