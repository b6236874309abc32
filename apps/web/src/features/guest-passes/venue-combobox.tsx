import { type Key, useCallback, useMemo } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { matchesVenue, type VenueOption } from './venue-search';

export interface VenueComboboxProps {
  venues: VenueOption[];
  selectedId: number | null;
  onChange: (venueId: number | null) => void;
  error?: string;
}

/**
 * Searchable venue field (react-aria ComboBox, loaded lazily): results only after more than 2 characters,
 * matching the venue's name, town or postcode. The filter runs inside the ComboBox (defaultItems +
 * defaultFilter) so the list opens on the very keystroke that makes it non-empty.
 */
export default function VenueCombobox({ venues, selectedId, onChange, error }: VenueComboboxProps) {
  // Stable items and filter: a new array on every render makes the ComboBox rebuild its collection,
  // and the list then fails to open on the keystroke that fills it.
  const byName = useMemo(() => new Map(venues.map((venue) => [venue.name, venue])), [venues]);
  const filter = useCallback(
    (textValue: string, inputValue: string) => {
      const venue = byName.get(textValue);
      return venue ? matchesVenue(venue, inputValue) : false;
    },
    [byName],
  );
  return (
    <ComboBox
      className="field combobox"
      defaultItems={venues}
      defaultFilter={filter}
      selectedKey={selectedId}
      onSelectionChange={(key: Key | null) => {
        const venue = venues.find((v) => v.id === Number(key));
        onChange(key !== null && venue ? venue.id : null);
      }}
      menuTrigger="input"
      // Typed text stays when the list closes (e.g. on scroll); a venue counts only once an option is chosen.
      allowsCustomValue
      isRequired
      isInvalid={Boolean(error)}
    >
      <Label className="field__label">Venue</Label>
      <Text slot="description" className="field__hint">
        Type at least 3 letters of the venue's name, town or postcode
      </Text>
      <Input className="field__input" />
      {error && (
        <Text slot="errorMessage" className="field__error">
          {error}
        </Text>
      )}
      <Popover className="combobox__popover" offset={4}>
        <ListBox className="combobox__list">
          {(venue: VenueOption) => (
            <ListBoxItem id={venue.id} textValue={venue.name} className="combobox__option">
              <span className="combobox__name">{venue.name}</span>
              {venue.town && <span className="combobox__town">{venue.town}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
