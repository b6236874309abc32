import { describe, expect, it } from 'vitest';
import { FailedLoginLimiter } from './failed-logins.ts';

describe('FailedLoginLimiter', () => {
  it('blocks after max failures within the window, case-insensitively, and forgets old ones', () => {
    const limiter = new FailedLoginLimiter(2, 1000);
    limiter.recordFailure('A@x.test', 0);
    expect(limiter.isBlocked('a@x.test', 10)).toBe(false);
    limiter.recordFailure('a@X.test', 20);
    expect(limiter.isBlocked('a@x.test', 30)).toBe(true);
    expect(limiter.isBlocked('a@x.test', 1100)).toBe(false);
    limiter.recordFailure('b', 0);
    limiter.recordFailure('b', 0);
    limiter.reset('B');
    expect(limiter.isBlocked('b', 1)).toBe(false);
  });
});
