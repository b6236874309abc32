import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Venue, venuesPageQueryOptions } from '../../../api/get-venues';
import { SuggestField } from '../../../ui/suggest-field';
import { SUGGEST_COUNT, suggestTerm } from '../rules/geo';
import { CENTRE_TEXTS } from '../texts';

/** Typing pauses this long before the suggestions are asked for (not one request a key press). */
const SUGGEST_DELAY_MS = 200;
const NO_VENUES: Venue[] = [];

export interface CentreComboboxProps {
  inputId: string;
  value: string;
  autoFocus: boolean;
  onValueChange: (value: string) => void;
  /** A suggested centre was chosen: search there. */
  onChooseVenue: (venue: Venue) => void;
  /** Enter without a highlighted suggestion: search the typed term (names first, then the geocoder). */
  onSubmitTerm: () => void;
}

/**
 * The centre search box with suggestions as you type (a lazy chunk): after more than 2 characters the server lists
 * the first centres whose name, town or postcode contains the text (decision 069), in a list at most 15rem high
 * under the box (joining §2, §9; see SuggestField). Enter with no suggestion highlighted searches the text as before.
 */
export default function CentreCombobox({
  inputId,
  value,
  autoFocus,
  onValueChange,
  onChooseVenue,
  onSubmitTerm,
}: CentreComboboxProps) {
  const [term, setTerm] = useState(() => suggestTerm(value));
  useEffect(() => {
    const next = suggestTerm(value);
    if (next === null) {
      setTerm(null);
      return;
    }
    const timer = setTimeout(() => setTerm(next), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = useQuery({
    ...venuesPageQueryOptions({ q: term ?? '', perPage: SUGGEST_COUNT }),
    enabled: term !== null,
    // The last suggestions stay while the next load, so the list does not flicker as the member types.
    placeholderData: keepPreviousData,
  });
  const matches = term !== null && suggestTerm(value) ? (suggestions.data?.venues ?? NO_VENUES) : NO_VENUES;
  return (
    <SuggestField
      className="centre-suggest"
      label={CENTRE_TEXTS.searchLabel}
      isLabelHidden
      placeholder={CENTRE_TEXTS.searchLabel}
      inputId={inputId}
      // Only when the plain box it replaces had focus (typing carries on).
      autoFocus={autoFocus}
      value={value}
      onValueChange={onValueChange}
      suggestions={matches}
      suggestionsLabel="Matching centres"
      textValue={(venue) => venue.name}
      renderSuggestion={(venue) => (
        <>
          <span>{venue.name}</span>
          <span className="suggest__detail">{[venue.town, venue.postcode].filter(Boolean).join(', ')}</span>
        </>
      )}
      onChoose={onChooseVenue}
      onEnterWithoutChoice={onSubmitTerm}
    />
  );
}
