import type { ReactNode } from 'react';
import type { Venue } from '../../../api/get-venues';
import { Spinner } from '../../../ui/spinner';
import { useVenues } from '../api/get-venues';

export const venueAddress = (venue: Venue): string =>
  [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ');

/** A plain grid of venue cards; the caller renders each card's action and says where it sits in the outline. */
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
  const venues = useVenues();
  if (venues.isPending) return <Spinner label="Loading venues" />;
  if (venues.isError) return <p role="alert">{venues.error.message}</p>;
  if (venues.data.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="venue-grid">
      {venues.data.map((venue) => (
        <li key={venue.id} className="card venue-card">
          <Heading className="venue-card__name">{venue.name}</Heading>
          <p className="venue-card__address">{venueAddress(venue)}</p>
          {renderAction(venue)}
        </li>
      ))}
    </ul>
  );
}
