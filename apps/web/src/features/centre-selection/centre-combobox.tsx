import { type Key, type KeyboardEvent, useMemo, useState } from 'react';
import { Autocomplete, Input, ListBox, ListBoxItem, TextField } from 'react-aria-components';
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
 * The centre search box with suggestions as you type (a lazy chunk): after more than 2 characters it lists
 * centres whose name, town or postcode contains the text, in a list at most 15rem high (joining §2, §9). Enter
 * with no suggestion highlighted searches the text as before.
 *
 * The list is rendered in place, right after the box (react-aria Autocomplete: arrow keys move a virtual focus
 * through it while the caret stays in the box), not in react-aria's ComboBox popover. That popover is portalled
 * to the end of the page, so react-aria hides the rest of the page with aria-hidden while it is open (axe:
 * focusable content inside aria-hidden), and on touch screens it stays invisible and untappable (opacity 0,
 * clip-path) until the on-screen keyboard has finished opening or 600 ms have passed, so a quick tap on a
 * suggestion went through to the 'Use my location' button under it.
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
  const [hasFocus, setHasFocus] = useState(autoFocus);
  // Closed by Escape, Enter or a choice until the text changes again.
  const [isDismissed, setIsDismissed] = useState(false);
  const matches = useMemo(() => suggestVenues(venues, value), [venues, value]);
  const isOpen = hasFocus && !isDismissed && matches.length > 0;
  const listId = `${inputId}-suggestions`;

  const choose = (key: Key) => {
    const venue = matches.find((match) => match.id === Number(key));
    if (!venue) return;
    setIsDismissed(true);
    onChooseVenue(venue);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setIsDismissed(true);
      return;
    }
    if (event.key === 'ArrowDown' && !isOpen) {
      setIsDismissed(false);
      return;
    }
    if (event.key !== 'Enter') return;
    // The highlighted suggestion is chosen (react-aria presses it); never also submit the form.
    event.preventDefault();
    const activeId = event.currentTarget.getAttribute('aria-activedescendant');
    if (isOpen && activeId && document.getElementById(activeId)) return;
    setIsDismissed(true);
    onSubmitTerm();
  };

  return (
    <Autocomplete
      inputValue={value}
      onInputChange={(text) => {
        setIsDismissed(false);
        onValueChange(text);
      }}
      disableAutoFocusFirst
    >
      <div className="centre-suggest">
        <TextField className="centre-suggest__field" aria-label={CENTRE_TEXTS.searchLabel}>
          <Input
            id={inputId}
            className="field__input"
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={isOpen ? listId : undefined}
            placeholder={CENTRE_TEXTS.searchLabel}
            // Only when the plain box it replaces had focus (typing carries on).
            autoFocus={autoFocus}
            onKeyDown={onKeyDown}
            onFocus={() => setHasFocus(true)}
            // react-aria moves its virtual focus with synthetic focus events: only a real blur closes the list.
            onBlur={(event) => {
              if (event.nativeEvent.isTrusted) setHasFocus(false);
            }}
          />
        </TextField>
        {isOpen && (
          <ListBox
            id={listId}
            className="centre-suggest__list"
            aria-label="Matching centres"
            items={matches}
            onAction={choose}
          >
            {(venue: Venue) => (
              <ListBoxItem id={venue.id} textValue={venue.name} className="centre-suggest__option">
                <span className="centre-suggest__name">{venue.name}</span>
                <span className="centre-suggest__town">
                  {[venue.town, venue.postcode].filter(Boolean).join(', ')}
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        )}
      </div>
    </Autocomplete>
  );
}
