import { VenueGrid } from '../../../../features/venues/components/venue-grid';
import { PageTitle } from '../../../../lib/page-title';
import { useNavigate } from '../../../../lib/router';
import { selectVenue, useSelectedVenue } from '../../../../lib/selected-venue';
import { Button } from '../../../../ui/button';

/** Pick a venue: sets the fh_venue cookie and opens its timetable. */
export function VenueChooser() {
  const selected = useSelectedVenue();
  const navigate = useNavigate();
  return (
    <section className="page">
      <PageTitle title="Choose a venue" />
      <h1>Choose a venue</h1>
      {selected && (
        <p>
          Your selected venue is <strong>{selected.name}</strong>.
        </p>
      )}
      <VenueGrid
        headingLevel={2}
        renderAction={(venue) => {
          const isSelected = selected?.slug === venue.slug;
          // The accessible name starts with the visible words, so a voice-control user can say what they see.
          return (
            <Button
              variant={isSelected ? 'primary' : 'secondary'}
              aria-label={isSelected ? `View timetable for ${venue.name}` : `Select ${venue.name}`}
              onClick={() => {
                selectVenue({ id: venue.id, slug: venue.slug, name: venue.name });
                navigate(`/venues/${encodeURIComponent(venue.slug)}`);
              }}
            >
              {isSelected ? 'View timetable' : 'Select'}
            </Button>
          );
        }}
      />
    </section>
  );
}
