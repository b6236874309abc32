import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useVenues } from '../../../features/venues/api';
import { venueAddress } from '../../../features/venues/venue-grid';
import { PageTitle } from '../../../lib/page-title';
import { selectVenue, useSelectedVenue } from '../../../lib/selected-venue';
import { NotFoundContent } from '../../../shell/screens';
import { Spinner } from '../../../ui/spinner';

/** /centre/{slug}: the chosen home centre with 'Change location'. Membership choice comes later. */
export default function CentrePage() {
  const { slug = '' } = useParams();
  const venues = useVenues();
  const selected = useSelectedVenue();
  const venue = venues.data?.find((v) => v.slug === slug);

  useEffect(() => {
    if (venue && selected?.slug !== venue.slug)
      selectVenue({ id: venue.id, slug: venue.slug, name: venue.name });
  }, [venue, selected?.slug]);

  if (venues.isPending) return <Spinner label="Loading centre" />;
  if (venues.isError) return <p role="alert">{venues.error.message}</p>;
  if (!venue) return <NotFoundContent />;
  return (
    <section className="page">
      <PageTitle title={venue.name} />
      <h1>Choose your home centre</h1>
      <div className="card centre-summary">
        <h2>{venue.name}</h2>
        <p>{venueAddress(venue)}</p>
        <Link to="/">Change location</Link>
      </div>
    </section>
  );
}
