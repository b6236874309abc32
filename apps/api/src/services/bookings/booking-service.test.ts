import { describe, expect, it } from 'vitest';
import { type BookingRow, toBookingWire } from './booking-service.ts';

const startsAt = new Date('2026-10-25T09:00:00Z'); // 09:00 GMT, the morning after the October clock change
const row = (overrides: { status?: 'booked' | 'attended'; price?: number; awardsCredit?: boolean } = {}) =>
  ({
    booking: {
      id: 1,
      status: overrides.status ?? 'booked',
      orderId: 7,
      attended: null,
      price: overrides.price ?? 650,
    },
    session: { startsAt, endsAt: new Date(startsAt.getTime() + 45 * 60_000), locationName: 'Studio 1' },
    activity: {
      name: 'Spin',
      description: null,
      category: 'Cycling',
      cancellationCutoffHours: 2,
      cancellationAwardsCredit: overrides.awardsCredit ?? true,
    },
    venue: { id: 3, name: 'Leeds', slug: 'leeds', timeZone: 'Europe/London', activitiesV2Enabled: true },
  }) as unknown as BookingRow;

describe('toBookingWire', () => {
  it('formats venue-local times, price and duration', () => {
    const b = toBookingWire(row(), new Date('2026-10-20T00:00:00Z'));
    expect(b).toMatchObject({
      date: '2026-10-25',
      time: '09:00',
      date_pretty: 'Sunday 25 October 2026',
      duration: '45min',
      price: { raw: 650, formatted: '£6.50' },
      starts_at: { raw: '2026-10-25T09:00:00.000Z', local: '2026-10-25T09:00:00' },
      can_be_cancelled: true,
      awards_credit: { can_be_awarded: true },
    });
  });

  it('stops cancellation at the cut-off', () => {
    expect(toBookingWire(row(), new Date('2026-10-25T06:59:59Z')).can_be_cancelled).toBe(true);
    const late = toBookingWire(row(), new Date('2026-10-25T07:00:00Z'));
    expect(late.can_be_cancelled).toBe(false);
    expect(late.awards_credit).toEqual({
      can_be_awarded: false,
      message: 'You are not eligible to receive credit for this booking.',
    });
  });

  it('states the cut-off in venue time (2 hours before, across the October clock change)', () => {
    expect(toBookingWire(row(), new Date('2026-10-20T00:00:00Z')).cancellation_cut_off.cutoff_at).toEqual({
      raw: '2026-10-25T07:00:00.000Z',
      pretty: '07:00 on Sunday 25 October 2026',
    });
  });

  it('awards no credit for free bookings, activities without credit, or attended bookings', () => {
    const early = new Date('2026-10-01T00:00:00Z');
    expect(toBookingWire(row({ price: 0 }), early).awards_credit.can_be_awarded).toBe(false);
    expect(toBookingWire(row({ awardsCredit: false }), early).awards_credit.can_be_awarded).toBe(false);
    expect(toBookingWire(row({ status: 'attended' }), early).can_be_cancelled).toBe(false);
  });
});
