import './centre-selection.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useAfterLoad } from '../../lib/use-after-load';
import { useIsMobile } from '../../lib/use-media-query';
import { type Venue, venuesQueryOptions } from '../../lib/venues';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { hasValidCoordinates } from './geo';
import { RADIUS_MAX_MILES, RADIUS_MIN_MILES } from './map-constants';
import { CENTRE_TEXTS } from './texts';
import { useCentreSearch } from './use-centre-search';
import { VenueList, VenueSwiper } from './venue-results';

/**
 * MapLibre is big (about 250 KB brotli and a worker): its chunk loads only when the map is about to be shown —
 * on a phone when the member opens it with the 'Map' toggle (the list and search come first), on wider screens
 * once the page has loaded and the browser is idle. It is never on the critical path of a first load.
 */
const VenueMap = lazy(() => import('./venue-map'));

export interface CentreSelectionProps {
  /** Map and search (client feature online_joining_map); otherwise `renderGrid` lists the centres. */
  isMapEnabled: boolean;
  renderGrid: (onChoose: (venue: Venue) => void) => ReactNode;
  onContinue: (venue: Venue) => void;
  /** Inside the join journey the section's own heading names the step: leave out this one. */
  isTitleHidden?: boolean;
}

/** Section 1 of the join journey, 'Choose your home centre' (joining spec §2). */
export function CentreSelection({
  isMapEnabled,
  renderGrid,
  onContinue,
  isTitleHidden,
}: CentreSelectionProps) {
  const [chosen, setChosen] = useState<Venue | null>(null);
  const titleId = useId();
  const body = chosen ? (
    <ChosenCentre
      venue={chosen}
      onChangeLocation={() => setChosen(null)}
      onContinue={() => onContinue(chosen)}
    />
  ) : isMapEnabled ? (
    <CentreSearch onChoose={setChosen} />
  ) : (
    renderGrid(setChosen)
  );
  if (isTitleHidden) return <div className="join-section">{body}</div>;
  return (
    <section className="join-section" aria-labelledby={titleId}>
      <h1 id={titleId}>{CENTRE_TEXTS.title}</h1>
      {body}
    </section>
  );
}

function ChosenCentre({
  venue,
  onChangeLocation,
  onContinue,
}: {
  venue: Venue;
  onChangeLocation: () => void;
  onContinue: () => void;
}) {
  return (
    <div className="card centre-chosen">
      <h2 className="centre-chosen__name">{venue.name}</h2>
      <div className="centre-chosen__actions">
        <Button variant="text" onClick={onChangeLocation}>
          {CENTRE_TEXTS.changeLocation}
        </Button>
        <Button onClick={onContinue}>{CENTRE_TEXTS.continue}</Button>
      </div>
    </div>
  );
}

function CentreSearch({ onChoose }: { onChoose: (venue: Venue) => void }) {
  const venues = useQuery(venuesQueryOptions);
  if (venues.isPending) return <Spinner label="Loading venues" />;
  if (venues.isError) return <p role="alert">{venues.error.message}</p>;
  return <CentreSearchForm venues={venues.data} onChoose={onChoose} />;
}

function CentreSearchForm({ venues, onChoose }: { venues: Venue[]; onChoose: (venue: Venue) => void }) {
  const isPhone = useIsMobile();
  const isAfterLoad = useAfterLoad();
  const [isMapOpen, setIsMapOpen] = useState(false);
  const mapId = useId();
  const { mapData, results, header, search, locateUser, searchArea, setRadius, clear } =
    useCentreSearch(venues);
  const mappable = useMemo(() => venues.filter(hasValidCoordinates), [venues]);
  const [term, setTerm] = useState('');
  const searchId = useId();
  const radiusId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void search(term);
  };

  return (
    <div className="centre-search">
      <form className="centre-search__controls" aria-label="Find a centre" onSubmit={onSubmit}>
        <div className="centre-search__term">
          <label className="visually-hidden" htmlFor={searchId}>
            {CENTRE_TEXTS.searchLabel}
          </label>
          <input
            id={searchId}
            className="field__input"
            type="search"
            placeholder={CENTRE_TEXTS.searchLabel}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit">Search</Button>
        </div>
        <span className="centre-search__or">{CENTRE_TEXTS.or}</span>
        <Button variant="secondary" onClick={locateUser}>
          {CENTRE_TEXTS.useMyLocation}
        </Button>
        <div className="centre-search__radius">
          <label htmlFor={radiusId}>{CENTRE_TEXTS.radius}</label>
          <input
            id={radiusId}
            type="range"
            min={RADIUS_MIN_MILES}
            max={RADIUS_MAX_MILES}
            step={1}
            value={mapData.radius}
            aria-valuetext={`${mapData.radius} miles`}
            onChange={(event) => setRadius(Number(event.target.value))}
          />
          <output htmlFor={radiusId}>{mapData.radius} miles</output>
        </div>
        <Button
          variant="text"
          onClick={() => {
            setTerm('');
            clear();
          }}
        >
          {CENTRE_TEXTS.clearSearch}
        </Button>
      </form>
      {mapData.searchMessage && (
        <p className="centre-search__error" role="alert">
          {mapData.searchMessage}
        </p>
      )}
      {isPhone && (
        <Button
          variant="secondary"
          className="centre-search__map-toggle"
          aria-pressed={isMapOpen}
          aria-controls={isMapOpen ? mapId : undefined}
          onClick={() => setIsMapOpen((open) => !open)}
        >
          {CENTRE_TEXTS.mapToggle}
        </Button>
      )}
      <div className="centre-search__body">
        {(!isPhone || isMapOpen) && (
          <div id={mapId} className="centre-search__map">
            {(isPhone || isAfterLoad) && (
              <Suspense fallback={<Spinner label="Loading map" />}>
                <VenueMap
                  venues={mappable}
                  isPhone={isPhone}
                  flyToLocation={mapData.flyToLocation}
                  searchedCoordinates={mapData.searchedCoordinates}
                  radius={mapData.radius}
                  onSelectVenue={onChoose}
                  onSearchArea={searchArea}
                />
              </Suspense>
            )}
          </div>
        )}
        <div className="centre-search__results">
          <output className="centre-search__header">{header}</output>
          {!mapData.isSearching &&
            results.length > 0 &&
            (isPhone ? (
              <VenueSwiper key={results.map((v) => v.id).join()} venues={results} onChoose={onChoose} />
            ) : (
              <VenueList venues={results} onChoose={onChoose} />
            ))}
        </div>
      </div>
    </div>
  );
}
