import { useId, useState } from 'react';
import { toDisplayDate } from '../../../lib/dates';
import { DatePickerField } from '../../../ui/date-picker-field';
import { tomorrowOf } from '../rules/dates';

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
        <DatePickerField
          label="Choose a start date (DD/MM/YYYY)"
          dialogLabel="Choose a start date"
          value={value}
          min={minDate}
          max={maxDate}
          isInvalid={hasError}
          onChange={(iso) => {
            if (iso) onChange(iso);
          }}
        />
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
