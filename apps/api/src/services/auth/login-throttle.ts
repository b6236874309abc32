import { addressGroup } from '../../lib/address-group.ts';
import type { CounterStore } from '../throttle/index.ts';

/**
 * Login throttling with growing delays, shared by every process (see docs/decisions/016):
 * - per account and address: after `failuresPerAddress` failures from one address, that address waits 1 s, then
 *   2 s, 4 s … (from `firstDelaySeconds`, at most `maxDelaySeconds`) before each further attempt for that account; a correct password clears it.
 * - per account from every address: after `failuresAllAddresses` failures in a day, addresses the account has never
 *   logged in from wait too (same growing delays), while an address it has logged in from is let through.
 * So an attacker only ever slows themselves (and strangers), never the member at their usual address. Addresses are
 * counted as `addressGroup` gives them (IPv6 by its /64).
 * Accounts are named by `customer:{id}` (an email and a customer number resolve to the same one) or, for a name
 * that matches nobody, `name:{normalised name}`, so unknown names are throttled exactly like real ones.
 */
export type LoginThrottleOptions = {
  failuresPerAddress: number;
  failuresAllAddresses: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};

const DAY_SECONDS = 86_400;
/** How long an address the member logged in from stays familiar. */
const FAMILIAR_SECONDS = 30 * DAY_SECONDS;
const UNLIMITED = 1_000_000_000;

/**
 * Seconds to wait after the `failures`-th failure: none before `free`, then `first`, twice that, four times … capped
 * at `maxSeconds` (whole seconds, at least 1: Redis expires keys by the second).
 */
export function loginDelaySeconds(failures: number, free: number, first: number, maxSeconds: number) {
  if (failures < free) return 0;
  const cap = Math.max(1, Math.floor(maxSeconds));
  return Math.min(Math.max(1, Math.floor(first)) * 2 ** Math.min(failures - free, 40), cap);
}

export const accountForCustomer = (customerId: number) => `customer:${customerId}`;
export const accountForName = (name: string) => `name:${name.trim().toLowerCase()}`;

export class LoginThrottle {
  private readonly failures;
  private readonly waits;
  private readonly familiar;
  private readonly options: LoginThrottleOptions;

  constructor(counters: CounterStore, options: LoginThrottleOptions) {
    this.options = options;
    this.failures = counters.limiter('login-failures', { points: UNLIMITED, durationSeconds: DAY_SECONDS });
    this.waits = counters.limiter('login-wait', {
      points: 1,
      durationSeconds: Math.max(1, Math.floor(options.maxDelaySeconds)),
    });
    this.familiar = counters.limiter('login-familiar', { points: 1, durationSeconds: FAMILIAR_SECONDS });
  }

  /** Seconds the caller must still wait before trying any of these accounts from this address (0: go ahead). */
  async secondsToWait(accounts: string[], ip: string): Promise<number> {
    const address = addressGroup(ip);
    const waits = await Promise.all(
      accounts.map(async (account) => {
        const [pair, all] = await Promise.all([
          this.waits.get(`${account}|${address}`),
          this.waits.get(account),
        ]);
        let ms = pair?.msBeforeNext ?? 0;
        if (all && all.msBeforeNext > 0 && !(await this.familiar.get(`${account}|${address}`)))
          ms = Math.max(ms, all.msBeforeNext);
        return ms;
      }),
    );
    const ms = Math.max(0, ...waits);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  /** Counts a wrong password (or an unknown name) against each account, from this address and overall. */
  async recordFailure(accounts: string[], ip: string) {
    const address = addressGroup(ip);
    const { failuresPerAddress, failuresAllAddresses } = this.options;
    await Promise.all(
      accounts.flatMap((account) => [
        this.countAndDelay(`${account}|${address}`, failuresPerAddress),
        this.countAndDelay(account, failuresAllAddresses),
      ]),
    );
  }

  /** A correct password: this address starts afresh for the account and becomes familiar to it. */
  async recordSuccess(account: string, ip: string) {
    const pair = `${account}|${addressGroup(ip)}`;
    await Promise.all([
      this.failures.delete(pair),
      this.waits.delete(pair),
      this.familiar.set(pair, 1, FAMILIAR_SECONDS),
    ]);
  }

  private async countAndDelay(key: string, free: number) {
    const counted = await this.failures.penalty(key, 1);
    const { firstDelaySeconds, maxDelaySeconds } = this.options;
    const seconds = loginDelaySeconds(counted.consumedPoints, free, firstDelaySeconds, maxDelaySeconds);
    if (seconds > 0) await this.waits.set(key, 1, seconds);
  }
}
