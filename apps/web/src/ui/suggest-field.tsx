import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import {
  Autocomplete,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Text,
  TextField,
} from 'react-aria-components';
import './suggest-field.css';

export interface SuggestFieldProps<T extends { id: Key }> {
  label: string;
  /** The label is the field's accessible name only (the placeholder shows it). */
  isLabelHidden?: boolean;
  description?: string;
  error?: string;
  isRequired?: boolean;
  placeholder?: string;
  inputId?: string;
  autoFocus?: boolean;
  /** Class of the field (the TextField element). */
  className?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** What matches the value now; the list shows while the box has focus and this is not empty. */
  suggestions: readonly T[];
  /** Accessible name of the list. */
  suggestionsLabel: string;
  textValue: (item: T) => string;
  renderSuggestion: (item: T) => ReactNode;
  onChoose: (item: T) => void;
  /**
   * Enter with no suggestion highlighted. Without it, Enter does what it does in any box (submits the form).
   */
  onEnterWithoutChoice?: () => void;
}

/**
 * A text box with suggestions as you type, in a list at most 15rem high right under the box (react-aria
 * Autocomplete: arrow keys move a virtual focus through it while the caret stays in the box; the box keeps
 * role=combobox with aria-expanded and aria-controls). Escape closes the list, the down arrow opens it again,
 * Enter chooses the highlighted suggestion; a choice closes it until the text changes.
 *
 * Not react-aria's ComboBox: its popover is portalled to the end of the page, so react-aria hides the rest of the
 * page with aria-hidden while it is open (axe: focusable content inside aria-hidden), and on touch screens it stays
 * invisible but laid out over the page until the on-screen keyboard has opened or 600 ms have passed, so a quick
 * tap on a suggestion went through to whatever was under it (decision 010).
 */
export function SuggestField<T extends { id: Key }>({
  label,
  isLabelHidden = false,
  description,
  error,
  isRequired,
  placeholder,
  inputId,
  autoFocus = false,
  className,
  value,
  onValueChange,
  suggestions,
  suggestionsLabel,
  textValue,
  renderSuggestion,
  onChoose,
  onEnterWithoutChoice,
}: SuggestFieldProps<T>) {
  const [hasFocus, setHasFocus] = useState(autoFocus);
  // Closed by Escape, Enter or a choice until the text changes again.
  const [isDismissed, setIsDismissed] = useState(false);
  const isOpen = hasFocus && !isDismissed && suggestions.length > 0;
  const listId = `${useId()}-suggestions`;

  const choose = (key: Key) => {
    const item = suggestions.find((suggestion) => String(suggestion.id) === String(key));
    if (!item) return;
    setIsDismissed(true);
    onChoose(item);
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
    const activeId = event.currentTarget.getAttribute('aria-activedescendant');
    if (isOpen && activeId && document.getElementById(activeId)) {
      event.preventDefault();
      return;
    }
    setIsDismissed(true);
    if (!onEnterWithoutChoice) return;
    event.preventDefault();
    onEnterWithoutChoice();
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
      <TextField
        className={['suggest', className].filter(Boolean).join(' ')}
        aria-label={isLabelHidden ? label : undefined}
        isRequired={isRequired}
        isInvalid={Boolean(error)}
      >
        {!isLabelHidden && <Label className="field__label">{label}</Label>}
        {description && (
          <Text slot="description" className="field__hint">
            {description}
          </Text>
        )}
        <div className="suggest__anchor">
          <Input
            id={inputId}
            className="field__input"
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={isOpen ? listId : undefined}
            placeholder={placeholder}
            autoFocus={autoFocus}
            onKeyDown={onKeyDown}
            onFocus={() => setHasFocus(true)}
            // react-aria moves its virtual focus with synthetic focus events: only a real blur closes the list.
            onBlur={(event) => {
              if (event.nativeEvent.isTrusted) setHasFocus(false);
            }}
          />
          {isOpen && (
            <ListBox
              id={listId}
              className="suggest__list"
              aria-label={suggestionsLabel}
              items={suggestions}
              onAction={choose}
            >
              {(item: T) => (
                <ListBoxItem id={item.id} textValue={textValue(item)} className="suggest__option">
                  {renderSuggestion(item)}
                </ListBoxItem>
              )}
            </ListBox>
          )}
        </div>
        {error && (
          <Text slot="errorMessage" className="field__error">
            {error}
          </Text>
        )}
      </TextField>
    </Autocomplete>
  );
}
