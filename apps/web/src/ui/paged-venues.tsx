import type { ReactNode } from 'react';
import type { Venue, VenueSearch } from '../api/get-venues';
import { useVenuePages } from '../api/venue-pages';
import ShowMore from './show-more';

/**
 * A venue search of more than one page: the pages shown so far, and 'Showing 20 of 250 centres' with 'Show more
 * centres' under them (decision 069). Loaded (with the paging code) only once a search's first page says there are
 * more pages: the caller shows that first page itself, and this takes over from it with the same venues.
 */
export default function PagedVenues({
  search,
  renderList,
}: {
  search: VenueSearch;
  renderList: (venues: Venue[]) => ReactNode;
}) {
  const pages = useVenuePages(search);
  return (
    <>
      {renderList(pages.venues)}
      {pages.error && <p role="alert">{pages.error.message}</p>}
      <ShowMore
        shown={pages.venues.length}
        total={pages.total}
        noun="centres"
        hasMore={pages.hasMore && !pages.error}
        isLoading={pages.isLoadingMore}
        onShowMore={pages.showMore}
      />
    </>
  );
}
