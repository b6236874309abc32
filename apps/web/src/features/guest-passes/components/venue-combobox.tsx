import { GUEST_PASS_TEXTS } from '@fieldhouse/contract/texts/guest-passes';
import { useMemo, useState } from 'react';
import { SuggestField } from '../../../ui/suggest-field';
import { searchVenues, type VenueOption } from '../rules/venue-search';

export interface VenueComboboxProps {
  venues: VenueOption[];
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
  const matches = useMemo(() => searchVenues(venues, text), [venues, text]);
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
