import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { formatFullDate } from '../../../lib/format';
import { DatePickerField } from '../../../ui/date-picker-field';
export interface FreezeDateFieldProps {
  value: string | null;
  min: string;
  max: string;
  errors?: string[];
  onChange: (isoDate: string | null) => void;
}

const pretty = (iso: string) => formatFullDate(`${iso}T12:00:00Z`);

/**
 * The freeze start date (account-shell §5): en-GB (weeks start on Monday), between the server's window and never
 * in the past; the first and last allowed days carry 'Can only freeze from / up to this date'.
 */
export function FreezeDateField({ value, min, max, errors = [], onChange }: FreezeDateFieldProps) {
  const hasError = errors.length > 0;
  const tipOf = (iso: string) =>
    iso === min
      ? MEMBERSHIP_MANAGEMENT_TEXTS.freezeFrom
      : iso === max
        ? MEMBERSHIP_MANAGEMENT_TEXTS.freezeUpTo
        : undefined;
  return (
    <DatePickerField
      className="field"
      label="Start date (DD/MM/YYYY)"
      dialogLabel="Choose a freeze start date"
      value={value}
      min={min}
      max={max}
      isInvalid={hasError}
      onChange={onChange}
      dayTip={tipOf}
      calendarFooter={
        <p className="freeze-calendar__legend">
          {MEMBERSHIP_MANAGEMENT_TEXTS.freezeFrom}: {pretty(min)}. {MEMBERSHIP_MANAGEMENT_TEXTS.freezeUpTo}:{' '}
          {pretty(max)}.
        </p>
      }
    >
      {hasError && (
        <div className="field__error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </DatePickerField>
  );
}
