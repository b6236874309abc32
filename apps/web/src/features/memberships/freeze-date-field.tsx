import { parseDate } from '@internationalized/date';
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
import { formatDate } from '../../lib/format';
import { MANAGEMENT_TEXTS } from './texts';
import '../../ui/calendar.css';

export interface FreezeDateFieldProps {
  value: string | null;
  min: string;
  max: string;
  errors?: string[];
  onChange: (isoDate: string | null) => void;
}

const pretty = (iso: string) => formatDate(`${iso}T12:00:00Z`, 'd MMMM yyyy');

/**
 * The freeze start date (account-shell §5): en-GB (weeks start on Monday), between the server's window and never
 * in the past; the first and last allowed days carry 'Can only freeze from / up to this date'.
 */
export function FreezeDateField({ value, min, max, errors = [], onChange }: FreezeDateFieldProps) {
  const hasError = errors.length > 0;
  const tipOf = (iso: string) =>
    iso === min ? MANAGEMENT_TEXTS.freezeFrom : iso === max ? MANAGEMENT_TEXTS.freezeUpTo : undefined;
  return (
    <I18nProvider locale="en-GB">
      <DatePicker
        className="date-picker field"
        value={value ? parseDate(value) : null}
        minValue={parseDate(min)}
        maxValue={parseDate(max)}
        isInvalid={hasError}
        firstDayOfWeek="mon"
        onChange={(date) => {
          const iso = date?.toString() ?? null;
          onChange(iso && iso >= min && iso <= max ? iso : null);
        }}
      >
        <Label className="field__label">Start date (DD/MM/YYYY)</Label>
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
        {hasError && (
          <div className="field__error" role="alert">
            {errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <Popover className="date-picker__popover" placement="bottom start">
          <Dialog className="date-picker__dialog" aria-label="Choose a freeze start date">
            <Calendar className="calendar" firstDayOfWeek="mon">
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
                {(date) => {
                  const tip = tipOf(date.toString());
                  return (
                    <CalendarCell
                      date={date}
                      className="calendar__cell"
                      data-freeze-edge={tip ? '' : undefined}
                    >
                      {({ formattedDate }) => (
                        <span title={tip} data-tooltip={tip}>
                          {formattedDate}
                        </span>
                      )}
                    </CalendarCell>
                  );
                }}
              </CalendarGrid>
            </Calendar>
            <p className="freeze-calendar__legend">
              {MANAGEMENT_TEXTS.freezeFrom}: {pretty(min)}. {MANAGEMENT_TEXTS.freezeUpTo}: {pretty(max)}.
            </p>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
