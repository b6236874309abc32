import { describe, expect, it } from 'vitest';
import { isTransactionConflict, retryOnConflict } from './connection-errors.ts';

/** A driver error as Drizzle wraps it: the SQLSTATE on the cause. */
const wrapped = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: { code, message: code } });

describe('a transaction PostgreSQL ended to break a deadlock', () => {
  it('is recognised by its SQLSTATE, also under Drizzle’s wrapper', () => {
    expect(isTransactionConflict(wrapped('40P01'))).toBe(true);
    expect(isTransactionConflict(wrapped('40001'))).toBe(true);
    expect(isTransactionConflict(wrapped('23505'))).toBe(false);
    expect(isTransactionConflict(new Error('boom'))).toBe(false);
  });

  it('runs again, and the second run’s result is the answer', async () => {
    let runs = 0;
    const result = await retryOnConflict(async () => {
      runs++;
      if (runs === 1) throw wrapped('40P01');
      return 'order 42';
    });
    expect(result).toBe('order 42');
    expect(runs).toBe(2);
  });

  it('does not repeat other errors, and gives up after three conflicts', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(1);

    runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw wrapped('40001');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(3);
  });
});
