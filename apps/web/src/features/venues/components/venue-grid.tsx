import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { type Venue, venuesPageQueryOptions } from '../../../api/get-venues';
import { Spinner } from '../../../ui/spinner';

/**
 * The paging code ('Show more centres' and the pages after the first): only an operator with more than a page of
 * venues needs it, so it is not on a first load otherwise (decision 069).
 */
const PagedVenues = lazy(() => import('../../../ui/paged-venues'));

export const venueAddress = (venue: Venue): string =>
  [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ');

/**
 * A plain grid of venue cards, 20 at a time by name with 'Show more centres'; the caller renders each card's action
 * and says where it sits in the outline.
 */
export function VenueGrid({
  renderAction,
  emptyText = 'No centres found',
  headingLevel = 3,
}: {
  renderAction: (venue: Venue) => ReactNode;
  emptyText?: string;
  /** 2 right under the page's h1, 3 inside a section with its own h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The first page (the sites prefetch it) is a plain query; its pagination says whether there are more.
  const first = useQuery(venuesPageQueryOptions());
  if (first.isPending) return <Spinner label="Loading venues" />;
  if (first.data === undefined) return <p role="alert">{first.error?.message}</p>;
  if (first.data.venues.length === 0) return <p>{emptyText}</p>;
  const grid = (venues: Venue[]) => (
    <ul className="venue-grid">
      {venues.map((venue) => (
        <li key={venue.id} className="card venue-card">
          <Heading className="venue-card__name">{venue.name}</Heading>
          <p className="venue-card__address">{venueAddress(venue)}</p>
          {renderAction(venue)}
        </li>
      ))}
    </ul>
  );
  if (first.data.pagination.totalPages <= 1) return grid(first.data.venues);
  // More than a page: the first page stays on screen while the paging code loads, then it takes over.
  return (
    <Suspense fallback={grid(first.data.venues)}>
      <PagedVenues search={ALL_VENUES} renderList={grid} />
    </Suspense>
  );
}

const ALL_VENUES = {};
