import { useMemo } from 'react';
import type { Venue } from '../../../api/get-venues';
import { SuggestField } from '../../../ui/suggest-field';
import { suggestVenues } from '../rules/geo';
import { CENTRE_TEXTS } from '../texts';

export interface CentreComboboxProps {
  venues: Venue[];
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
 * The centre search box with suggestions as you type (a lazy chunk): after more than 2 characters it lists
 * centres whose name, town or postcode contains the text, in a list at most 15rem high under the box (joining
 * §2, §9; see SuggestField). Enter with no suggestion highlighted searches the text as before.
 */
export default function CentreCombobox({
  venues,
  inputId,
  value,
  autoFocus,
  onValueChange,
  onChooseVenue,
  onSubmitTerm,
}: CentreComboboxProps) {
  const matches = useMemo(() => suggestVenues(venues, value), [venues, value]);
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
