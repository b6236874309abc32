import { GUEST_PASS_TEXTS } from '@fieldhouse/contract/texts/guest-passes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { venuesPageQueryOptions } from '../../../api/get-venues';
import { SuggestField } from '../../../ui/suggest-field';
import { searchVenues, VENUE_SEARCH_MIN_CHARS, type VenueOption } from '../rules/venue-search';

/** How many venues the server is asked for when every venue can be chosen. */
const SUGGEST_COUNT = 10;

export interface VenueComboboxProps {
  /** The venues to choose from, or 'all': then the server searches every venue (name, town or postcode). */
  venues: VenueOption[] | 'all';
  selectedId: number | null;
  onChange: (venueId: number | null) => void;
  error?: string;
}

/**
 * Searchable venue field (loaded lazily): suggestions only after more than 2 characters, matching the venue's
 * name, town or postcode, in place under the box (see SuggestField). A venue counts only once a suggestion is
 * chosen; changing the text afterwards un-chooses it.
 */
export default function VenueCombobox({ venues, selectedId, onChange, error }: VenueComboboxProps) {
  const [text, setText] = useState('');
  const term = text.trim();
  const isServerSearch = venues === 'all' && term.length >= VENUE_SEARCH_MIN_CHARS;
  const found = useQuery({
    ...venuesPageQueryOptions({ q: term, perPage: SUGGEST_COUNT }),
    enabled: isServerSearch,
    placeholderData: keepPreviousData,
  });
  const local = useMemo(() => (venues === 'all' ? [] : searchVenues(venues, text)), [venues, text]);
  const matches: VenueOption[] =
    venues === 'all' ? (isServerSearch ? (found.data?.venues ?? []) : []) : local;
  return (
    <SuggestField
      className="field"
      label="Venue"
      description={GUEST_PASS_TEXTS.venueHint}
      error={error}
      isRequired
      value={text}
      onValueChange={(value) => {
        setText(value);
        if (selectedId !== null) onChange(null);
      }}
      suggestions={matches}
      suggestionsLabel="Matching venues"
      textValue={(venue) => venue.name}
      renderSuggestion={(venue) => (
        <>
          <span>{venue.name}</span>
          {venue.town && <span className="suggest__detail">{venue.town}</span>}
        </>
      )}
      onChoose={(venue) => {
        setText(venue.name);
        onChange(venue.id);
      }}
    />
  );
}
