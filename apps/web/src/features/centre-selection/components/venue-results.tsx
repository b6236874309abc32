import { useCallback, useEffect, useRef, useState } from 'react';
import type { Venue } from '../../../api/get-venues';
import { Button } from '../../../ui/button';
import { formatMiles } from '../rules/geo';

const address = (venue: Venue): string =>
  [venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ');

function VenueResultCard({ venue, onChoose }: { venue: Venue; onChoose: (venue: Venue) => void }) {
  return (
    <article className="centre-result" aria-labelledby={`centre-result-${venue.id}`}>
      <h2 className="centre-result__name" id={`centre-result-${venue.id}`}>
        {venue.name}
      </h2>
      <p className="centre-result__address">{address(venue)}</p>
      {venue.distance != null && <p className="centre-result__distance">{formatMiles(venue.distance)}</p>}
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
  venues: Venue[];
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

/**
 * Where the viewport (the slides' offset parent) scrolls to show each slide centred, the first and last at the ends,
 * as the CSS snaps.
 */
function snapPositions(viewport: HTMLElement): number[] {
  const max = viewport.scrollWidth - viewport.clientWidth;
  const slides = Array.from(viewport.querySelectorAll<HTMLElement>('.centre-swiper__slide'));
  const positions = slides.map((slide) =>
    Math.min(max, Math.max(0, slide.offsetLeft + (slide.offsetWidth - viewport.clientWidth) / 2)),
  );
  return positions.filter((p, i) => i === 0 || Math.abs(p - (positions[i - 1] ?? 0)) > 1);
}

/**
 * Phones: swipeable venue cards with dots. The browser's own scroll snapping does the swiping (decision 021: no
 * carousel library on the first load); the dots follow the scroll position and scroll to their card.
 */
export function VenueSwiper({ venues, onChoose }: { venues: Venue[]; onChoose: (venue: Venue) => void }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  // Where each dot scrolls to, measured when the cards are laid out (and again on resize), not on every scroll.
  const positions = useRef<number[]>([]);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);

  const onScroll = useCallback(() => {
    const left = viewportRef.current?.scrollLeft ?? 0;
    const at = positions.current;
    setSelected(
      at.reduce((best, p, i) => (Math.abs(p - left) < Math.abs((at[best] ?? 0) - left) ? i : best), 0),
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when 'Show more' adds cards
  useEffect(() => {
    const measure = () => {
      if (!viewportRef.current) return;
      positions.current = snapPositions(viewportRef.current);
      setSnapCount(positions.current.length);
      onScroll();
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [onScroll, venues.length]);

  const scrollTo = (index: number) => viewportRef.current?.scrollTo({ left: positions.current[index] ?? 0 });

  return (
    <section className="centre-swiper" aria-roledescription="carousel" aria-label="Centres">
      <div className="centre-swiper__viewport" ref={viewportRef} onScroll={onScroll}>
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
              onClick={() => scrollTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
