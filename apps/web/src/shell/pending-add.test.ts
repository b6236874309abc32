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
    expect(takePendingAdd(7)).toBeNull();
    expect(takePendingAdd(42)).toBe('add');
    expect(takePendingAdd(42)).toBeNull();
  });

  it('remembers what was asked: a place in the basket, or on the waitlist', () => {
    rememberPendingAdd(8, 'waitlist');
    expect(takePendingAdd(8)).toBe('waitlist');
    rememberPendingAdd(8);
    expect(takePendingAdd(8)).toBe('add');
  });

  it('keeps the last session asked for', () => {
    rememberPendingAdd(1);
    rememberPendingAdd(2);
    expect(takePendingAdd(1)).toBeNull();
    expect(takePendingAdd(2)).toBe('add');
  });

  it('is dropped when forgotten, and after half an hour', () => {
    rememberPendingAdd(5);
    forgetPendingAdd();
    expect(takePendingAdd(5)).toBeNull();
    vi.useFakeTimers();
    rememberPendingAdd(6);
    vi.advanceTimersByTime(31 * 60_000);
    expect(takePendingAdd(6)).toBeNull();
    expect(sessionStorage.getItem('fh-pending-add')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem('fh-pending-add', 'garbage');
    expect(takePendingAdd(Number.NaN)).toBeNull();
    expect(takePendingAdd(0)).toBeNull();
  });
});
