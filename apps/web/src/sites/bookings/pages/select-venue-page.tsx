import { VenueGrid } from '../../../features/venues/venue-grid';
import { PageTitle } from '../../../lib/page-title';
import { selectVenue, useSelectedVenue } from '../../../lib/selected-venue';
import { Button } from '../../../ui/button';

/** /redirect-to-selected-venue: pick a venue (sets the fh_venue cookie). The timetable is a later issue. */
export default function SelectVenuePage() {
  const selected = useSelectedVenue();
  return (
    <section className="page">
      <PageTitle title={selected ? selected.name : 'Choose a venue'} />
      {selected ? (
        <>
          <h1>{selected.name}</h1>
          <p>This is your selected venue. You can choose a different venue below.</p>
          <h2>Choose a venue</h2>
        </>
      ) : (
        <h1>Choose a venue</h1>
      )}
      <VenueGrid
        renderAction={(venue) =>
          selected?.slug === venue.slug ? (
            <p className="venue-card__selected">Selected venue</p>
          ) : (
            <Button
              variant="secondary"
              aria-label={`Select ${venue.name}`}
              onClick={() => selectVenue({ id: venue.id, slug: venue.slug, name: venue.name })}
            >
              Select
            </Button>
          )
        }
      />
    </section>
  );
}
