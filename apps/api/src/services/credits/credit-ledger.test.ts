import { describe, expect, it } from 'vitest';
import { availableCredit, creditBalances } from './credit-ledger.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-16T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
let id = 0;
const row = (amount: number, createdDays: number, expiresDays: number | null = null) => ({
  id: ++id,
  amount,
  createdAt: at(createdDays),
  expiresAt: expiresDays === null ? null : at(expiresDays),
});

describe('availableCredit', () => {
  it('adds unexpired credit and takes off what was spent', () => {
    expect(availableCredit([row(1250, -5, 180), row(-300, -2)], now)).toBe(950);
  });

  it('stops counting credit once it has expired', () => {
    expect(availableCredit([row(400, -60, -1), row(1000, -3, 30)], now)).toBe(1000);
    expect(availableCredit([row(400, -60, -1)], now)).toBe(0);
  });

  it('counts spent credit against the lots good at the time, soonest to expire first', () => {
    // £4 (expires in 10 days) and £10 (no expiry); £5 spent: the £4 lot goes first, then £1 of the £10.
    const rows = [row(400, -20, 10), row(1000, -19), row(-500, -1)];
    expect(availableCredit(rows, now)).toBe(900);
    // Eleven days on, the £4 lot would have expired, but it was used up: nothing more is lost.
    expect(availableCredit(rows, at(11))).toBe(900);
  });

  it('never lets spending from credit that has since expired make the balance negative', () => {
    // £4 added, £1.50 spent while good, then it expired: £2.50 lost, the balance is 0 (not -£1.50).
    expect(availableCredit([row(400, -400, -35), row(-150, -380)], now)).toBe(0);
  });

  it('does not let a spend use credit that had already expired at the time', () => {
    // The £4 lot expired before the spend, so the £3 comes out of the £12.50.
    expect(availableCredit([row(400, -400, -35), row(1250, -5, 180), row(-300, -2)], now)).toBe(950);
  });

  it('carries an overspend forward instead of overstating the balance', () => {
    expect(availableCredit([row(-200, -10), row(500, -5)], now)).toBe(300);
    expect(availableCredit([row(-200, -10)], now)).toBe(0);
  });

  it('treats an expiry at exactly now as expired', () => {
    expect(availableCredit([row(500, -5, 0)], now)).toBe(0);
  });
});

describe('creditBalances', () => {
  it('keeps general and membership credit apart', () => {
    const rows = [
      { ...row(1250, -5, 180), kind: 'general' as const },
      { ...row(-300, -2), kind: 'general' as const },
      { ...row(1000, -1, 30), kind: 'membership' as const },
    ];
    expect(creditBalances(rows, now)).toEqual({ general: 950, membership: 1000 });
  });
});
