import type { ReactNode } from 'react';
import type { Venue } from '../../lib/venues';
import { Spinner } from '../../ui/spinner';
import { useVenues } from './api';

export const venueAddress = (venue: Venue): string =>
  [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ');

/** A plain grid of venue cards; the caller renders each card's action. */
export function VenueGrid({
  renderAction,
  emptyText = 'No centres found',
}: {
  renderAction: (venue: Venue) => ReactNode;
  emptyText?: string;
}) {
  const venues = useVenues();
  if (venues.isPending) return <Spinner label="Loading venues" />;
  if (venues.isError) return <p role="alert">{venues.error.message}</p>;
  if (venues.data.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="venue-grid">
      {venues.data.map((venue) => (
        <li key={venue.id} className="card venue-card">
          <h3 className="venue-card__name">{venue.name}</h3>
          <p className="venue-card__address">{venueAddress(venue)}</p>
          {renderAction(venue)}
        </li>
      ))}
    </ul>
  );
}
