/**
 * Counts failed logins per account name (lowercased) in a sliding window, in memory.
 * One process serves the API; a multi-process deployment would move this to the database.
 */
export class FailedLoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(name: string, now = Date.now()) {
    return this.recent(name.trim().toLowerCase(), now).length >= this.max;
  }

  recordFailure(name: string, now = Date.now()) {
    const key = name.trim().toLowerCase();
    this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 50_000) this.failures.clear();
  }

  reset(name: string) {
    this.failures.delete(name.trim().toLowerCase());
  }
}
