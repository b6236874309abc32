import { describe, expect, it } from 'vitest';
import { decideEntry, type EntryFacts, type EntryMembership } from './entitlement.ts';

const today = { year: 2026, month: 7, day: 1 };
const membership = (overrides: Partial<EntryMembership> = {}): EntryMembership => ({
  id: 1,
  name: 'Gym',
  status: 'active',
  startDate: '2026-01-01',
  expiresAt: null,
  coversVenue: true,
  frozenUntil: null,
  documentExpiredOn: null,
  ...overrides,
});
const facts = (overrides: Partial<EntryFacts> = {}): EntryFacts => ({
  today,
  venueName: 'Leeds Pool',
  memberships: [],
  booking: null,
  blockingFees: 0,
  ...overrides,
});

describe('decideEntry', () => {
  it('a good membership lets them in, with no reasons', () => {
    expect(decideEntry(facts({ memberships: [membership()] }))).toEqual({
      allowed: true,
      entry: { kind: 'membership', description: 'Gym' },
      reasons: [],
    });
  });

  it('says a long-ended membership once (the latest) beside the live ones’ reasons', () => {
    const verdict = decideEntry(
      facts({
        memberships: [
          membership({ name: 'Swim', coversVenue: false }),
          membership({ name: 'Gym', status: 'cancelled', expiresAt: '2026-05-31' }),
          membership({ name: 'Gym', status: 'expired', expiresAt: '2025-12-31' }),
        ],
      }),
    );
    expect(verdict.allowed).toBe(false);
    expect(verdict.reasons.map((r) => r.text)).toEqual([
      'Swim does not cover Leeds Pool',
      'Gym ended on 31 May 2026',
    ]);
  });

  it('a booking lets them in when no membership does, its time where the venue is (BST in July)', () => {
    const verdict = decideEntry(
      facts({
        memberships: [membership({ startDate: '2026-07-02', status: 'pending' })],
        booking: { name: 'Spin', startsAt: new Date('2026-07-01T09:00:00Z'), timeZone: 'Europe/London' },
      }),
    );
    expect(verdict).toEqual({
      allowed: true,
      entry: { kind: 'booking', description: 'Spin at 10:00' },
      reasons: [],
    });
  });

  it('blocking fees refuse entry whatever lets them in', () => {
    expect(decideEntry(facts({ memberships: [membership()], blockingFees: 1250 }))).toEqual({
      allowed: false,
      entry: null,
      reasons: [{ code: 'unpaid_fees', text: 'They have unpaid fees of £12.50' }],
    });
  });

  it('a frozen membership that also does not cover the venue gives both reasons', () => {
    const verdict = decideEntry(
      facts({
        memberships: [membership({ frozenUntil: { year: 2026, month: 7, day: 31 }, coversVenue: false })],
      }),
    );
    expect(verdict.reasons.map((r) => r.code)).toEqual(['membership_frozen', 'membership_other_venue']);
    expect(verdict.reasons[0]!.text).toBe('Gym is frozen until 31 July 2026');
  });
});
