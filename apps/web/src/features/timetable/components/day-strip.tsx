import type { KeyboardEvent } from 'react';
import type { DayOption } from '../rules/timetable';

/** 14 day buttons (aria-pressed), scrollable sideways on phones; arrow keys move between them. */
export function DayStrip({
  days,
  selected,
  onSelect,
}: {
  days: readonly DayOption[];
  selected: string;
  onSelect: (date: string) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : Math.min(buttons.length - 1, Math.max(0, index + (event.key === 'ArrowRight' ? 1 : -1)));
    buttons[next]?.focus();
    buttons[next]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  return (
    <nav className="day-strip" aria-label="Choose a day">
      <ul className="day-strip__list" onKeyDown={onKeyDown}>
        {days.map((day) => (
          <li key={day.date}>
            <button
              type="button"
              className="day-strip__day"
              aria-pressed={day.date === selected}
              title={day.label}
              onClick={() => onSelect(day.date)}
            >
              <span className="day-strip__weekday">{day.weekday}</span>{' '}
              <span className="day-strip__number">{day.day}</span>{' '}
              <span className="day-strip__month">{day.month}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
