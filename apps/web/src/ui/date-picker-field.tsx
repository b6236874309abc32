import { parseDate } from '@internationalized/date';
import type { ReactNode } from 'react';
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
import './calendar.css';

export interface DatePickerFieldProps {
  label: string;
  /** The calendar popover's accessible name. */
  dialogLabel: string;
  /** YYYY-MM-DD, or null for none. */
  value: string | null;
  min: string;
  max: string;
  isInvalid?: boolean;
  /** An allowed date (YYYY-MM-DD), or null when cleared or typed outside min–max. */
  onChange: (isoDate: string | null) => void;
  className?: string;
  /** Extra attributes and a tooltip for a day cell (e.g. the first and last allowed days). */
  dayTip?: (isoDate: string) => string | undefined;
  /** Under the input (e.g. error messages). */
  children?: ReactNode;
  /** Under the calendar inside its popover (e.g. a legend). */
  calendarFooter?: ReactNode;
}

/**
 * A date typed as DD/MM/YYYY or picked from a calendar (react-aria, en-GB: weeks start on Monday), limited to
 * min–max; days outside are disabled. Used by the joining start date and the freeze start date.
 */
export function DatePickerField({
  label,
  dialogLabel,
  value,
  min,
  max,
  isInvalid = false,
  onChange,
  className,
  dayTip,
  children,
  calendarFooter,
}: DatePickerFieldProps) {
  return (
    <I18nProvider locale="en-GB">
      <DatePicker
        className={['date-picker', className].filter(Boolean).join(' ')}
        value={value ? parseDate(value) : null}
        minValue={parseDate(min)}
        maxValue={parseDate(max)}
        isInvalid={isInvalid}
        firstDayOfWeek="mon"
        onChange={(date) => {
          const iso = date?.toString() ?? null;
          onChange(iso && iso >= min && iso <= max ? iso : null);
        }}
      >
        <Label className="field__label">{label}</Label>
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
        {children}
        <Popover className="date-picker__popover" placement="bottom start">
          <Dialog className="date-picker__dialog" aria-label={dialogLabel}>
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
                  const tip = dayTip?.(date.toString());
                  return (
                    <CalendarCell date={date} className="calendar__cell" data-day-tip={tip ? '' : undefined}>
                      {({ formattedDate }) =>
                        tip ? (
                          <span title={tip} data-tooltip={tip}>
                            {formattedDate}
                          </span>
                        ) : (
                          formattedDate
                        )
                      }
                    </CalendarCell>
                  );
                }}
              </CalendarGrid>
            </Calendar>
            {calendarFooter}
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}
