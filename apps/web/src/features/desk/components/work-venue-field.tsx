import { useId } from 'react';

export interface WorkVenue {
  id: number;
  name: string;
  slug: string;
}

/**
 * The venue the desk works at: named when the staff member has one, a choice when they work at several.
 * Controlled by the caller (the chosen venue's id).
 */
export function WorkVenueField({
  venues,
  value,
  onChange,
  label = 'Venue',
}: {
  venues: readonly WorkVenue[];
  value: number | null;
  onChange: (venueId: number) => void;
  label?: string;
}) {
  const id = useId();
  if (venues.length === 0) return <p className="muted">You do not work at any venue yet.</p>;
  if (venues.length === 1)
    return (
      <p className="desk-venue">
        <span className="field__label">{label}</span>
        <span className="desk-venue__name">{venues[0]!.name}</span>
      </p>
    );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {venues.map((venue) => (
          <option key={venue.id} value={venue.id}>
            {venue.name}
          </option>
        ))}
      </select>
    </div>
  );
}
