import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { venueToday } from '../../../lib/dates';
import { formatLongDate } from '../../../lib/format';
import { PageTitle } from '../../../lib/page-title';
import { Link, useSearchParams } from '../../../lib/router';
import { readSelectedVenue, selectVenue } from '../../../lib/selected-venue';
import { Button } from '../../../ui/button';
import { myTimetableQueryOptions, timetableQueryOptions } from '../api/get-timetable';
import {
  ALL_CATEGORIES,
  ALL_TYPES_LABEL,
  dayOptions,
  filterByCategory,
  groupSessionsByDate,
  withMyFacts,
} from '../rules/timetable';
import { DayStrip } from './day-strip';
import { SessionCard } from './session-card';
import '../timetable.css';

function SessionsSkeleton() {
  return (
    <div className="session-list" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading sessions
      </p>
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="session-card session-card--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--short" />
          <span className="skeleton" />
          <span className="skeleton skeleton--short" />
        </div>
      ))}
    </div>
  );
}

/**
 * A venue's timetable: 14-day strip, category filter and the chosen day's sessions. The day and
 * category live in the URL (?date=&category=) so Back and shared links keep them.
 */
export function TimetableView({
  slug,
  fallbackName,
  viewerId,
}: {
  slug: string;
  /** Shown until the timetable loads (the selected venue's name). */
  fallbackName: string | null;
  /** The logged-in customer's id (null when logged out): their own facts are fetched and laid over the timetable. */
  viewerId: number | null;
}) {
  const [params, setParams] = useSearchParams();
  const days = useMemo(() => dayOptions(venueToday()), []);
  const from = days[0]?.date ?? venueToday();
  const to = days[days.length - 1]?.date ?? from;
  const dateParam = params.get('date');
  const selectedDate = days.some((d) => d.date === dateParam) ? (dateParam as string) : from;
  const category = params.get('category') ?? ALL_CATEGORIES;
  const categoryId = useId();

  // The shared timetable and, for a member, their own facts, in parallel. Shown together once both have loaded, so
  // a member never sees everyone's states first; a refetch of either keeps what is shown until it arrives.
  const shared = useQuery(timetableQueryOptions(slug, from, to));
  const mine = useQuery({
    ...myTimetableQueryOptions(slug, from, to, viewerId ?? 0),
    enabled: viewerId !== null,
  });
  const isPending = shared.isPending || (viewerId !== null && mine.isPending);
  const failed = shared.isError ? shared : viewerId !== null && mine.isError ? mine : null;
  const timetable = useMemo(
    () =>
      shared.data && !isPending
        ? withMyFacts(shared.data, viewerId === null ? undefined : mine.data?.sessions)
        : undefined,
    [shared.data, mine.data, viewerId, isPending],
  );
  const byDate = useMemo(() => (timetable ? groupSessionsByDate(timetable.sessions) : null), [timetable]);
  const daySessions = useMemo(
    () => filterByCategory(byDate?.get(selectedDate) ?? [], category),
    [byDate, selectedDate, category],
  );
  const venue = shared.data?.venue;

  // Opening a venue's timetable makes it the selected venue (cookie shared by every site).
  useEffect(() => {
    if (venue && readSelectedVenue()?.slug !== venue.slug)
      selectVenue({ id: venue.id, slug: venue.slug, name: venue.name });
  }, [venue]);

  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const venueName = venue?.name ?? fallbackName ?? 'Timetable';
  const categories = shared.data?.categories ?? [];

  return (
    <section className="timetable">
      <PageTitle title={venueName} />
      <div className="timetable__title">
        <h1>{venueName}</h1>
        <Link to="/venues" className="timetable__change">
          Change venue
        </Link>
      </div>

      <DayStrip days={days} selected={selectedDate} onSelect={(date) => setParam('date', date)} />

      <div className="timetable__toolbar">
        <h2 className="timetable__day">{formatLongDate(`${selectedDate}T12:00:00Z`)}</h2>
        <div className="field timetable__filter">
          <label className="field__label" htmlFor={categoryId}>
            Category
          </label>
          <select
            id={categoryId}
            className="field__input"
            value={category}
            onChange={(event) => setParam('category', event.target.value)}
          >
            <option value={ALL_CATEGORIES}>{ALL_TYPES_LABEL}</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {category && !categories.includes(category) && <option value={category}>{category}</option>}
          </select>
        </div>
      </div>

      {failed ? (
        <div className="stack" role="alert">
          <p>{failed.error?.message}</p>
          <Button variant="secondary" onClick={() => failed.refetch()}>
            Try again
          </Button>
        </div>
      ) : isPending ? (
        <SessionsSkeleton />
      ) : daySessions.length === 0 ? (
        <p className="timetable__empty">No sessions on this day.</p>
      ) : (
        <ul
          className="session-list"
          aria-label={`Sessions on ${formatLongDate(`${selectedDate}T12:00:00Z`)}`}
        >
          {daySessions.map((session) => (
            <SessionCard key={session.id} session={session} slug={slug} isLoggedIn={viewerId !== null} />
          ))}
        </ul>
      )}
    </section>
  );
}
