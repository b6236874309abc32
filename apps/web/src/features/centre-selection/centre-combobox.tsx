import { type Key, type KeyboardEvent, useCallback, useMemo } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import type { Venue } from '../../lib/venues';
import { suggestVenues } from './geo';
import { CENTRE_TEXTS } from './texts';

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
 * The centre search box as an accessible combobox (react-aria ComboBox, a lazy chunk): after more than 2
 * characters it suggests centres whose name, town or postcode contains the text, in a list at most 15rem high
 * (joining §2, §9). Enter with no suggestion highlighted searches the text as before.
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
  // Stable items and filter (a new array on every render makes the ComboBox rebuild and not open).
  const byId = useMemo(() => new Map(venues.map((venue) => [venue.id, venue])), [venues]);
  const byName = useMemo(() => new Map(venues.map((venue) => [venue.name, venue])), [venues]);
  const filter = useCallback(
    (textValue: string, inputValue: string) => {
      const venue = byName.get(textValue);
      return venue ? suggestVenues([venue], inputValue).length > 0 : false;
    },
    [byName],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
    event.preventDefault();
    onSubmitTerm();
  };

  return (
    <ComboBox
      className="centre-suggest"
      defaultItems={venues}
      defaultFilter={filter}
      inputValue={value}
      onInputChange={onValueChange}
      onSelectionChange={(key: Key | null) => {
        const venue = key === null ? undefined : byId.get(Number(key));
        if (venue) onChooseVenue(venue);
      }}
      menuTrigger="input"
      allowsCustomValue
      allowsEmptyCollection={false}
    >
      <Label className="visually-hidden">{CENTRE_TEXTS.searchLabel}</Label>
      <Input
        id={inputId}
        className="field__input"
        placeholder={CENTRE_TEXTS.searchLabel}
        // Only when the plain box it replaces had focus (typing carries on).
        autoFocus={autoFocus}
        onKeyDown={onKeyDown}
      />
      <Popover className="centre-suggest__popover" offset={4} placement="bottom start">
        <ListBox className="centre-suggest__list" aria-label="Matching centres">
          {(venue: Venue) => (
            <ListBoxItem id={venue.id} textValue={venue.name} className="centre-suggest__option">
              <span className="centre-suggest__name">{venue.name}</span>
              <span className="centre-suggest__town">
                {[venue.town, venue.postcode].filter(Boolean).join(', ')}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
