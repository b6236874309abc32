import type { SessionState } from '@fieldhouse/contract';

const DAY_MS = 86_400_000;

/** What a caller's state needs to know about a session. */
export type SessionFacts = {
  startsAt: Date;
  capacity: number;
  bookedCount: number;
  bookedByCaller: boolean;
  /** Off sale since (staff cancelled it, or the timetable no longer runs it). */
  cancelledAt: Date | null;
};

/** When a session opens for booking: its start less the venue's booking window. */
export const sessionReleasesAt = (startsAt: Date, bookingWindowDays: number): Date =>
  new Date(startsAt.getTime() - bookingWindowDays * DAY_MS);

/**
 * A session's state for the caller, in this order: cancelled (off sale), started (starts_at <= now), booked (the caller holds a
 * place), full (no places left), not_released (beyond the venue's booking window), else bookable. The one rule the
 * timetable shows and the basket and checkout refuse by.
 */
export function sessionState(
  facts: SessionFacts,
  now: Date,
  bookingWindowDays: number,
): { state: SessionState; releasesAt: Date | null } {
  if (facts.cancelledAt) return { state: 'cancelled', releasesAt: null };
  if (facts.startsAt.getTime() <= now.getTime()) return { state: 'started', releasesAt: null };
  if (facts.bookedByCaller) return { state: 'booked', releasesAt: null };
  if (facts.bookedCount >= facts.capacity) return { state: 'full', releasesAt: null };
  const releasesAt = sessionReleasesAt(facts.startsAt, bookingWindowDays);
  if (releasesAt.getTime() > now.getTime()) return { state: 'not_released', releasesAt };
  return { state: 'bookable', releasesAt: null };
}
