import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPendingAdd } from './login-modal-store';
import { rememberPendingAdd, takePendingAdd } from './pending-add';

afterEach(() => {
  vi.useRealTimers();
  forgetPendingAdd();
});

describe('pending add', () => {
  it('is taken once, for its own session only', () => {
    rememberPendingAdd(42);
    expect(takePendingAdd(7)).toBe(false);
    expect(takePendingAdd(42)).toBe(true);
    expect(takePendingAdd(42)).toBe(false);
  });

  it('keeps the last session asked for', () => {
    rememberPendingAdd(1);
    rememberPendingAdd(2);
    expect(takePendingAdd(1)).toBe(false);
    expect(takePendingAdd(2)).toBe(true);
  });

  it('is dropped when forgotten, and after half an hour', () => {
    rememberPendingAdd(5);
    forgetPendingAdd();
    expect(takePendingAdd(5)).toBe(false);
    vi.useFakeTimers();
    rememberPendingAdd(6);
    vi.advanceTimersByTime(31 * 60_000);
    expect(takePendingAdd(6)).toBe(false);
    expect(sessionStorage.getItem('fh-pending-add')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem('fh-pending-add', 'garbage');
    expect(takePendingAdd(Number.NaN)).toBe(false);
    expect(takePendingAdd(0)).toBe(false);
  });
});
