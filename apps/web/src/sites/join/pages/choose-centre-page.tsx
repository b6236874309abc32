import { Link } from 'react-router';
import { VenueGrid } from '../../../features/venues/venue-grid';
import { PageTitle } from '../../../lib/page-title';
import { selectVenue } from '../../../lib/selected-venue';
import { buttonClass } from '../../../ui/button';

/** Join '/': choose a home centre from a plain grid (the map comes later). */
export default function ChooseCentrePage() {
  return (
    <section className="page">
      <PageTitle title="Choose your home centre" />
      <h1>Choose your home centre</h1>
      <VenueGrid
        renderAction={(venue) => (
          <Link
            to={`/centre/${encodeURIComponent(venue.slug)}`}
            className={buttonClass('secondary')}
            aria-label={`Choose ${venue.name}`}
            onClick={() => selectVenue({ id: venue.id, slug: venue.slug, name: venue.name })}
          >
            Choose
          </Link>
        )}
      />
    </section>
  );
}
