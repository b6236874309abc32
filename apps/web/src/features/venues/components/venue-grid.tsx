import { lazy, type ReactNode, Suspense } from 'react';
import type { Venue } from '../../../api/get-venues';
import { useVenuePages } from '../../../api/venue-pages';
import { Spinner } from '../../../ui/spinner';

/** Only an operator with more than a page of venues needs it: not on a first load otherwise. */
const ShowMore = lazy(() => import('../../../ui/show-more'));

export const venueAddress = (venue: Venue): string =>
  [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ');

const ALL_VENUES = {};

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
  const pages = useVenuePages(ALL_VENUES);
  if (pages.isPending) return <Spinner label="Loading venues" />;
  if (pages.venues.length === 0 && pages.error) return <p role="alert">{pages.error.message}</p>;
  if (pages.venues.length === 0) return <p>{emptyText}</p>;
  return (
    <>
      <ul className="venue-grid">
        {pages.venues.map((venue) => (
          <li key={venue.id} className="card venue-card">
            <Heading className="venue-card__name">{venue.name}</Heading>
            <p className="venue-card__address">{venueAddress(venue)}</p>
            {renderAction(venue)}
          </li>
        ))}
      </ul>
      {pages.error && <p role="alert">{pages.error.message}</p>}
      {pages.isPaged ? (
        <Suspense fallback={null}>
          <ShowMore
            shown={pages.venues.length}
            total={pages.total}
            noun="centres"
            hasMore={pages.hasMore && !pages.error}
            isLoading={pages.isLoadingMore}
            onShowMore={pages.showMore}
          />
        </Suspense>
      ) : null}
    </>
  );
}
