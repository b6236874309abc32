import { describe, expect, it } from 'vitest';
import { type StatusFacts, statusInfoOf } from './status-info.ts';

const none: StatusFacts = { freeze: null, freezePending: false, replacement: null };
const freeze = (status: string, startedAt: Date | null, activeFrom = '2026-03-30', months = 1) => ({
  ...none,
  freeze: { status, startedAt, activeFrom, months },
});
const replacedBy = { ...none, replacement: { name: 'Gym & Swim', startDate: '2026-10-25' } };
const active = { status: 'active', awaitingPayment: false };

describe('a membership’s status_info, derived from its rows', () => {
  it('says a membership waiting unpaid in the basket is awaiting payment, whatever else is true', () => {
    expect(statusInfoOf({ status: 'pending', awaitingPayment: true }, replacedBy)).toBe('Awaiting payment');
  });

  it('gives a frozen membership the last day of its started freeze, end of month clamped', () => {
    const frozen = { status: 'frozen', awaitingPayment: false };
    expect(statusInfoOf(frozen, freeze('approved', new Date()))).toBe('Frozen until 29 April 2026');
    // 31 January + 1 month is 28 February; the last frozen day the day before.
    expect(statusInfoOf(frozen, freeze('approved', new Date(), '2027-01-31', 1))).toBe(
      'Frozen until 27 February 2027',
    );
  });

  it('says a freeze waits for approval, or is approved and not started, on a live membership only', () => {
    expect(statusInfoOf(active, freeze('pending_approval', null))).toBe('freeze pending approval');
    expect(statusInfoOf(active, freeze('approved', null))).toBe('freeze pending');
    expect(
      statusInfoOf({ status: 'cancelled', awaitingPayment: false }, freeze('approved', null)),
    ).toBeNull();
    // Started, then unfrozen by hand: nothing to say.
    expect(statusInfoOf(active, freeze('approved', new Date()))).toBeNull();
  });

  it('says what a change will do before its start, and what it did after', () => {
    expect(statusInfoOf(active, replacedBy)).toBe('Changing to Gym & Swim on 25 October 2026');
    expect(statusInfoOf({ status: 'expired', awaitingPayment: false }, replacedBy)).toBe(
      'Changed to Gym & Swim',
    );
  });

  it('says nothing otherwise', () => {
    expect(statusInfoOf(active, undefined)).toBeNull();
    expect(statusInfoOf({ status: 'expired', awaitingPayment: false }, none)).toBeNull();
  });
});
