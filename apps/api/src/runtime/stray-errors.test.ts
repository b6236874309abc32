import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { keepServingOnStrayErrors } from './stray-errors.ts';

function setUp(limit = 3) {
  const target = new EventEmitter();
  const log = { error: vi.fn(), fatal: vi.fn() };
  const onTooMany = vi.fn();
  keepServingOnStrayErrors({ log, onTooMany, limit, windowMs: 60_000, target });
  return { target, log, onTooMany };
}

describe('errors outside any request', () => {
  it('logs a stray exception and rejection with what they were, and goes on serving', () => {
    const { target, log, onTooMany } = setUp();
    const thrown = new Error('The `onCancel` handler was attached after the promise settled.');
    target.emit('uncaughtException', thrown);
    target.emit('unhandledRejection', new Error('nobody awaited this'));
    expect(log.error.mock.calls.map(([entry]) => entry)).toEqual([
      { err: thrown, kind: 'uncaught_exception' },
      { err: expect.objectContaining({ message: 'nobody awaited this' }), kind: 'unhandled_rejection' },
    ]);
    expect(onTooMany).not.toHaveBeenCalled();
  });

  it('shuts down gracefully, once, when they keep coming faster than the limit', () => {
    const { target, log, onTooMany } = setUp(3);
    for (let i = 0; i < 6; i++) target.emit('uncaughtException', new Error(`stray ${i}`));
    expect(onTooMany).toHaveBeenCalledTimes(1);
    expect(log.fatal).toHaveBeenCalledTimes(1);
  });

  it('counts only the last minute', () => {
    vi.useFakeTimers();
    try {
      const { target, onTooMany } = setUp(3);
      for (let i = 0; i < 6; i++) {
        target.emit('unhandledRejection', new Error(`stray ${i}`));
        vi.advanceTimersByTime(30_000);
      }
      expect(onTooMany).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
