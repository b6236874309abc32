import { useNavigate } from 'react-router';
import { CentreSelection } from '../../../features/centre-selection/centre-selection';
import { useClient } from '../../../features/client/api';
import { VenueGrid } from '../../../features/venues/venue-grid';
import { PageTitle } from '../../../lib/page-title';
import { selectVenue } from '../../../lib/selected-venue';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';

/** Join '/': choose a home centre on the map and list, or from a plain grid when the map is off. */
export default function ChooseCentrePage() {
  const client = useClient();
  const navigate = useNavigate();
  if (!client) return <Spinner label="Loading" />;
  return (
    <div className="page">
      <PageTitle title="Choose your home centre" />
      <CentreSelection
        isMapEnabled={client.features.onlineJoiningMap}
        renderGrid={(onChoose) => (
          <VenueGrid
            renderAction={(venue) => (
              <Button variant="secondary" aria-label={`Choose ${venue.name}`} onClick={() => onChoose(venue)}>
                Choose
              </Button>
            )}
          />
        )}
        onContinue={(venue) => {
          selectVenue({ id: venue.id, slug: venue.slug, name: venue.name });
          navigate(`/centre/${encodeURIComponent(venue.slug)}`);
        }}
      />
    </div>
  );
}
