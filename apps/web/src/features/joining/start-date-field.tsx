import { parseDate } from '@internationalized/date';
import { useId, useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import '../../ui/calendar.css';
import { toDisplayDate, tomorrowOf } from './dates';

type Choice = 'today' | 'tomorrow' | 'other';

export interface StartDateFieldProps {
  value: string;
  minDate: string;
  maxDate: string;
  errors?: string[];
  onChange: (isoDate: string) => void;
}

/**
 * Start date (joining §2, §4, §5): Today, Tomorrow or a date from the calendar (en-GB: weeks start on Monday,
 * DD/MM/YYYY), between today and one month ahead; past dates disabled.
 */
export function StartDateField({ value, minDate, maxDate, errors = [], onChange }: StartDateFieldProps) {
  const tomorrow = tomorrowOf(minDate);
  const [choice, setChoice] = useState<Choice>(
    value === minDate ? 'today' : value === tomorrow ? 'tomorrow' : 'other',
  );
  const name = useId();
  const errorId = useId();
  const hasError = errors.length > 0;

  const choose = (next: Choice) => {
    setChoice(next);
    if (next === 'today') onChange(minDate);
    if (next === 'tomorrow') onChange(tomorrow);
  };

  const options: [Choice, string][] = [
    ['today', 'Today'],
    ['tomorrow', 'Tomorrow'],
    ['other', 'Choose a date'],
  ];
  return (
    <fieldset className="start-date" aria-describedby={hasError ? errorId : undefined}>
      <legend className="field__label">Start date</legend>
      <div className="choice-row">
        {options.map(([id, label]) => (
          <label key={id} className="choice-chip">
            <input type="radio" name={name} checked={choice === id} onChange={() => choose(id)} />
            <span>{label}</span>
          </label>
        ))}
      </div>
      {choice === 'other' && (
        <I18nProvider locale="en-GB">
          <DatePicker
            className="date-picker"
            value={parseDate(value)}
            minValue={parseDate(minDate)}
            maxValue={parseDate(maxDate)}
            isInvalid={hasError}
            onChange={(date) => {
              if (!date) return;
              const iso = date.toString();
              if (iso >= minDate && iso <= maxDate) onChange(iso);
            }}
          >
            <Label className="field__label">Choose a start date (DD/MM/YYYY)</Label>
            <Group className="date-picker__group">
              <DateInput className="date-picker__input">
                {(segment) => <DateSegment segment={segment} className="date-picker__segment" />}
              </DateInput>
              <AriaButton className="date-picker__button" aria-label="Open calendar">
                <svg
                  aria-hidden="true"
                  width="20"
                  height="20"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                >
                  <rect x="3" y="5" width="18" height="16" rx="2" strokeWidth="2" />
                  <path d="M3 10h18M8 3v4M16 3v4" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </AriaButton>
            </Group>
            <Popover className="date-picker__popover" placement="bottom start">
              <Dialog className="date-picker__dialog" aria-label="Choose a start date">
                <Calendar className="calendar">
                  <header className="calendar__header">
                    <AriaButton slot="previous" className="calendar__nav" aria-label="Previous month">
                      ‹
                    </AriaButton>
                    <Heading className="calendar__title" />
                    <AriaButton slot="next" className="calendar__nav" aria-label="Next month">
                      ›
                    </AriaButton>
                  </header>
                  <CalendarGrid className="calendar__grid">
                    {(date) => <CalendarCell date={date} className="calendar__cell" />}
                  </CalendarGrid>
                </Calendar>
              </Dialog>
            </Popover>
          </DatePicker>
        </I18nProvider>
      )}
      <p className="start-date__chosen">
        Your membership starts on <strong>{toDisplayDate(value)}</strong>
      </p>
      {hasError && (
        <div className="field__error" id={errorId} role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </fieldset>
  );
}
