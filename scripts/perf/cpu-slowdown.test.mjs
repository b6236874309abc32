import { describe, expect, it } from 'vitest';
import {
  calibrateCpuSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  QUIET_REFERENCE_MAIN_THREAD_MS,
} from './cpu-slowdown.mjs';

describe('the CPU slowdown of the phone-load stage', () => {
  it("is Lighthouse's 4x on a host as fast as the quiet one, and never more on a faster one", () => {
    expect(calibrateCpuSlowdown(QUIET_REFERENCE_MAIN_THREAD_MS)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(calibrateCpuSlowdown(QUIET_REFERENCE_MAIN_THREAD_MS / 3)).toBe(DEFAULT_CPU_SLOWDOWN);
  });

  it('falls in proportion on a slower host, so a page doing the same work scores the same', () => {
    expect(calibrateCpuSlowdown(QUIET_REFERENCE_MAIN_THREAD_MS * 2)).toBe(2);
    expect(calibrateCpuSlowdown(QUIET_REFERENCE_MAIN_THREAD_MS * 1.25)).toBe(3.2);
  });

  it("never goes under the host's own speed, and refuses a missing measurement", () => {
    expect(calibrateCpuSlowdown(QUIET_REFERENCE_MAIN_THREAD_MS * 10)).toBe(1);
    expect(() => calibrateCpuSlowdown(0)).toThrow(/reference page/);
    expect(() => calibrateCpuSlowdown(Number.NaN)).toThrow(/reference page/);
  });
});
