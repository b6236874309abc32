import { addDays, byIsoText } from '../../../lib/dates';
import { calendarDateParts, formatDayAndTime, formatMoney, short } from '../../../lib/format';
import type { MyFacts, Session, Timetable } from '../api/types';

/** The timetable shows 14 days from today (contract TIMETABLE_MAX_DAYS). */
export const TIMETABLE_DAYS = 14;

export interface DayOption {
  date: string;
  /** 'Mon' */
  weekday: string;
  /** '23' */
  day: string;
  /** 'Nov' */
  month: string;
  /** Accessible name, e.g. 'Monday 23 November'. */
  label: string;
}

export function dayOptions(today: string, count: number = TIMETABLE_DAYS): DayOption[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(today, index);
    const p = calendarDateParts(date);
    return {
      date,
      weekday: short(p.weekday),
      day: p.day,
      month: short(p.month),
      label: `${p.weekday} ${p.day} ${p.month}`,
    };
  });
}

/** Sessions by venue-local date (YYYY-MM-DD), each day in start order. One pass, no date parsing. */
export function groupSessionsByDate(sessions: readonly Session[]): Map<string, Session[]> {
  const days = new Map<string, Session[]>();
  for (const session of sessions) {
    const day = days.get(session.startsAt.date);
    if (day) day.push(session);
    else days.set(session.startsAt.date, [session]);
  }
  for (const day of days.values()) day.sort((a, b) => byIsoText(a.startsAt.raw, b.startsAt.raw));
  return days;
}

/**
 * The timetable as the logged-in member sees it: the shared timetable (everyone's states) with the member's own facts
 * laid over it by session id. The server computed those facts by the same rule (`sessionState`), so nothing is
 * decided here. Sessions without facts keep their object (memoised cards do not render again); without facts the
 * timetable comes back as it is.
 */
export function withMyFacts(timetable: Timetable, mine: readonly MyFacts[] | undefined): Timetable {
  if (!mine || mine.length === 0) return timetable;
  const byId = new Map(mine.map((facts) => [facts.id, facts]));
  return {
    ...timetable,
    sessions: timetable.sessions.map((session) => {
      const facts = byId.get(session.id);
      return facts ? { ...session, ...facts } : session;
    }),
  };
}

/** The fields of a session that are the member's own (what `withMyFacts` lays over the timetable). */
export const myFactsOf = (session: MyFacts): MyFacts => ({
  id: session.id,
  state: session.state,
  releasesAt: session.releasesAt,
  inBasket: session.inBasket,
  waitlistPosition: session.waitlistPosition,
  waitlistEntryId: session.waitlistEntryId,
});

/**
 * The member's facts with one session's changed (after adding it to the basket, joining or leaving its waitlist):
 * its entry updated, or added from `base` (the session's facts as the timetable shows them) when it had none. With
 * neither, the facts stay as they are (the refetch that follows brings the change).
 */
export function patchMyFacts(
  mine: readonly MyFacts[],
  id: number,
  patch: Partial<Omit<MyFacts, 'id'>>,
  base: MyFacts | undefined,
): MyFacts[] {
  if (mine.some((facts) => facts.id === id))
    return mine.map((facts) => (facts.id === id ? { ...facts, ...patch } : facts));
  return base ? [...mine, { ...myFactsOf(base), ...patch, id }] : [...mine];
}

export const ALL_CATEGORIES = '';
export const ALL_TYPES_LABEL = 'All types';

export const filterByCategory = (sessions: readonly Session[], category: string): readonly Session[] =>
  category === ALL_CATEGORIES ? sessions : sessions.filter((s) => s.category.name === category);

export const placesLeftText = (placesLeft: number): string =>
  placesLeft <= 0 ? 'No places left' : `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`;

export const priceText = (minorUnits: number): string =>
  minorUnits === 0 ? 'Free' : formatMoney(minorUnits);

export const timeRange = (session: Pick<Session, 'startsAt' | 'endsAt'>): string =>
  `${session.startsAt.time} - ${session.endsAt.time}`;

export type SessionAction =
  | { kind: 'add'; label: 'Add to basket' }
  | { kind: 'in-basket'; label: 'In basket' }
  | { kind: 'join-waitlist'; label: 'Join waitlist' }
  | { kind: 'on-waitlist'; label: string; position: number; entryId: number | null }
  | { kind: 'not-released'; label: string }
  | { kind: 'started'; label: 'Started' }
  | { kind: 'cancelled'; label: 'Cancelled' }
  | { kind: 'booked'; label: 'Booked' };

/** 'Bookable from 3 Dec at 07:00' (venue-local). */
export const releaseText = (releasesAt: string | null): string =>
  releasesAt ? `Bookable from ${formatDayAndTime(releasesAt)}` : 'Not yet bookable';

/** What the customer can do with a session now, and the text for it. */
export function sessionAction(
  session: Pick<Session, 'state' | 'inBasket' | 'waitlistPosition' | 'waitlistEntryId' | 'releasesAt'>,
): SessionAction {
  switch (session.state) {
    case 'booked':
      return { kind: 'booked', label: 'Booked' };
    case 'started':
      return { kind: 'started', label: 'Started' };
    case 'cancelled':
      return { kind: 'cancelled', label: 'Cancelled' };
    case 'not_released':
      return { kind: 'not-released', label: releaseText(session.releasesAt) };
    case 'full':
      return session.waitlistPosition !== null
        ? {
            kind: 'on-waitlist',
            label: `On waitlist – position ${session.waitlistPosition}`,
            position: session.waitlistPosition,
            entryId: session.waitlistEntryId,
          }
        : { kind: 'join-waitlist', label: 'Join waitlist' };
    default:
      return session.inBasket
        ? { kind: 'in-basket', label: 'In basket' }
        : { kind: 'add', label: 'Add to basket' };
  }
}
