import '../centre-selection.css';
import {
  type ComponentType,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';
import type { Venue } from '../../../api/get-venues';
import { getSiteConfig } from '../../../lib/site-config';
import { useAfterLoad } from '../../../lib/use-after-load';
import { useIsMobile } from '../../../lib/use-media-query';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useCentreSearch } from '../hooks/use-centre-search';
import { RADIUS_MAX_MILES, RADIUS_MIN_MILES } from '../rules/map-constants';
import { CENTRE_TEXTS } from '../texts';
import type { CentreComboboxProps } from './centre-combobox';
import { VenueList, VenueSwiper } from './venue-results';

/**
 * MapLibre is big (about 250 KB brotli and a worker): its chunk loads only when the map is about to be shown —
 * on a phone when the member opens it with the 'Map' toggle (the list and search come first), on wider screens
 * once the page has loaded and the browser is idle. It is never on the critical path of a first load.
 */
const VenueMap = lazy(() => import('./venue-map'));

/**
 * The search box's suggestions (react-aria Autocomplete, listed in place under the box) load when the box is first
 * focused or pointed at, not with the page: until then, and while the chunk loads, a plain search box takes the
 * typing.
 */
const loadCombobox = () => import('./centre-combobox');

/**
 * The paging code ('Show more centres' and the pages after the first): only a search with more than a page of
 * centres needs it, so it is not on a first load otherwise (decision 069).
 */
const PagedVenues = lazy(() => import('../../../ui/paged-venues'));

/** What choosing a centre needs: from a list's venue or a map pin alike. */
export type ChosenVenue = Pick<Venue, 'id' | 'slug' | 'name'>;

export interface CentreSelectionProps {
  /** Map and search (client feature online_joining_map); otherwise `renderGrid` lists the centres. */
  isMapEnabled: boolean;
  renderGrid: (onChoose: (venue: ChosenVenue) => void) => ReactNode;
  onContinue: (venue: ChosenVenue) => void;
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
  const [chosen, setChosen] = useState<ChosenVenue | null>(null);
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
  venue: ChosenVenue;
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

function CentreSearch({ onChoose }: { onChoose: (venue: ChosenVenue) => void }) {
  const isPhone = useIsMobile();
  const isAfterLoad = useAfterLoad();
  const [isMapOpen, setIsMapOpen] = useState(false);
  const mapId = useId();
  const { mapData, results, nearest, isSearching, header, search, locateUser, searchArea, setRadius, clear } =
    useCentreSearch();
  const [term, setTerm] = useState('');
  const searchId = useId();
  const radiusId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void search(term);
  };
  const nearestTitleId = useId();
  // Without a tile style the map is only the UK outline: the list comes first and is the main way to choose.
  const isOutlineMap = !getSiteConfig().mapStyleUrl;
  const resultList = (venues: Venue[]) =>
    isPhone ? (
      <VenueSwiper
        // A new search starts at its first card; 'Show more' adds cards without moving.
        key={`${mapData.searchedCoordinates?.lat},${mapData.searchedCoordinates?.lng},${mapData.radius}`}
        venues={venues}
        onChoose={onChoose}
      />
    ) : (
      <VenueList venues={venues} onChoose={onChoose} />
    );

  return (
    <div className="centre-search">
      <form className="centre-search__controls" aria-label="Find a centre" onSubmit={onSubmit}>
        <div className="centre-search__term">
          <label className="visually-hidden" htmlFor={searchId}>
            {CENTRE_TEXTS.searchLabel}
          </label>
          <CentreSearchBox
            inputId={searchId}
            value={term}
            onValueChange={setTerm}
            onChooseVenue={(venue) => {
              setTerm(venue.name);
              void search(venue.name);
            }}
            onSubmitTerm={() => void search(term)}
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
      <div className={`centre-search__body${isOutlineMap ? ' centre-search__body--outline' : ''}`}>
        {(!isPhone || isMapOpen) && (
          <div id={mapId} className="centre-search__map">
            {(isPhone || isAfterLoad) && (
              <Suspense fallback={<Spinner label="Loading map" />}>
                <VenueMap
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
          {results.isPending && !mapData.searchedCoordinates && <Spinner label="Loading venues" />}
          {!isSearching &&
            results.venues.length > 0 &&
            (results.isPaged ? (
              // The first page stays on screen while the paging code loads, then it takes over.
              <Suspense fallback={resultList(results.venues)}>
                <PagedVenues search={results.search} renderList={resultList} />
              </Suspense>
            ) : (
              resultList(results.venues)
            ))}
          {results.error && <p role="alert">{results.error.message}</p>}
          {nearest.length > 0 && (
            <section className="centre-search__nearest" aria-labelledby={nearestTitleId}>
              <h2 id={nearestTitleId} className="centre-search__nearest-title">
                {CENTRE_TEXTS.nearestCentres}
              </h2>
              {isPhone ? (
                <VenueSwiper key={nearest.map((v) => v.id).join()} venues={nearest} onChoose={onChoose} />
              ) : (
                <VenueList venues={nearest} onChoose={onChoose} label={CENTRE_TEXTS.nearestCentres} />
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

type CentreSearchBoxProps = Omit<CentreComboboxProps, 'autoFocus'>;

/**
 * A plain search box until the combobox's chunk is wanted (first focus or pointer) and loaded; then the combobox
 * takes its place once, with the text typed so far and the focus.
 */
function CentreSearchBox(props: CentreSearchBoxProps) {
  const [Combobox, setCombobox] = useState<ComponentType<CentreComboboxProps> | null>(null);
  const isRequested = useRef(false);
  const hasFocus = useRef(false);
  const want = () => {
    if (isRequested.current) return;
    isRequested.current = true;
    void loadCombobox().then((module) => setCombobox(() => module.default));
  };
  if (Combobox) return <Combobox {...props} autoFocus={hasFocus.current} />;
  return (
    <input
      id={props.inputId}
      className="field__input"
      type="search"
      placeholder={CENTRE_TEXTS.searchLabel}
      value={props.value}
      onChange={(event) => props.onValueChange(event.target.value)}
      onFocus={() => {
        hasFocus.current = true;
        want();
      }}
      onBlur={() => {
        hasFocus.current = false;
      }}
      onPointerEnter={want}
      autoComplete="off"
    />
  );
}
