import { useId } from 'react';
import { CheckboxField } from '../../../ui/text-field';
import type { StaffVenue } from '../api/get-staff-venues';

/**
 * The venues a centre manager or front desk works at, one checkbox each, as one group with its legend and error
 * (an administrator has them all: the caller shows a line instead).
 */
export function StaffVenueCheckboxes({
  venues,
  selected,
  error,
  onToggle,
}: {
  venues: StaffVenue[];
  selected: number[];
  error: string | undefined;
  onToggle: (id: number, isChecked: boolean) => void;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="staff-venues"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">Venues</legend>
      {venues.length === 0 && <p className="muted">There are no venues yet.</p>}
      <div className="staff-venues__list">
        {venues.map((venue) => (
          <CheckboxField
            key={venue.id}
            label={venue.name}
            name="venue_ids"
            value={venue.id}
            checked={selected.includes(venue.id)}
            onChange={(event) => onToggle(venue.id, event.target.checked)}
          />
        ))}
      </div>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
