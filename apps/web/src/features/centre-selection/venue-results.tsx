import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import type { Venue } from '../../lib/venues';
import { Button } from '../../ui/button';
import { formatMiles, type VenueWithDistance } from './geo';

const address = (venue: Venue): string =>
  [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ');

function VenueResultCard({
  venue,
  onChoose,
}: {
  venue: VenueWithDistance;
  onChoose: (venue: Venue) => void;
}) {
  return (
    <article className="centre-result" aria-labelledby={`centre-result-${venue.id}`}>
      <h2 className="centre-result__name" id={`centre-result-${venue.id}`}>
        {venue.name}
      </h2>
      <p className="centre-result__address">{address(venue)}</p>
      {venue.distance !== null && <p className="centre-result__distance">{formatMiles(venue.distance)}</p>}
      <Button variant="secondary" aria-label={`Choose ${venue.name}`} onClick={() => onChoose(venue)}>
        Choose
      </Button>
    </article>
  );
}

/** Desktop and tablet: a scrollable list beside the map. */
export function VenueList({
  venues,
  onChoose,
  label = 'Centres',
}: {
  venues: VenueWithDistance[];
  onChoose: (venue: Venue) => void;
  label?: string;
}) {
  return (
    <ul className="centre-list" aria-label={label}>
      {venues.map((venue) => (
        <li key={venue.id}>
          <VenueResultCard venue={venue} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

/** Phones: swipeable venue cards with dots. */
export function VenueSwiper({
  venues,
  onChoose,
}: {
  venues: VenueWithDistance[];
  onChoose: (venue: Venue) => void;
}) {
  const [viewportRef, embla] = useEmblaCarousel({ align: 'center', containScroll: 'trimSnaps' });
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);

  const onSelect = useCallback(() => {
    if (!embla) return;
    setSelected(embla.selectedScrollSnap());
    setSnapCount(embla.scrollSnapList().length);
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla, onSelect]);

  return (
    <section className="centre-swiper" aria-roledescription="carousel" aria-label="Centres">
      <div className="centre-swiper__viewport" ref={viewportRef}>
        <ul className="centre-swiper__track">
          {venues.map((venue, index) => (
            <li
              key={venue.id}
              className="centre-swiper__slide"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${venues.length}`}
            >
              <VenueResultCard venue={venue} onChoose={onChoose} />
            </li>
          ))}
        </ul>
      </div>
      {snapCount > 1 && (
        <div className="centre-swiper__dots">
          {Array.from({ length: snapCount }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per scroll position
              key={index}
              type="button"
              className="centre-swiper__dot"
              aria-label={`Go to centre ${index + 1}`}
              aria-current={index === selected || undefined}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
