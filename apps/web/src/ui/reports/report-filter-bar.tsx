import { type FormEvent, useId, useState } from 'react';
import { Button } from '../button';
import { TextField } from '../text-field';

/** A report's period (venue-local days, YYYY-MM-DD, both counted) and venue (null: every venue the user may see). */
export interface ReportFilter {
  from: string;
  to: string;
  venueId: number | null;
}

/** The longest period a report covers (the server says the same: REPORT_MAX_DAYS). */
const MAX_DAYS = 366;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The same checks as the server's `reportQuery`, with its texts, so a wrong period is said under its field at once. */
export function checkReportFilter(from: string, to: string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!DATE.test(from)) errors.from = 'Give the first day of the period.';
  if (!DATE.test(to)) errors.to = 'Give the last day of the period.';
  if (errors.from || errors.to) return errors;
  const count = days(from, to);
  if (count < 1) errors.to = 'The last day must be on or after the first day.';
  else if (count > MAX_DAYS) errors.to = 'A report covers at most 366 days: choose a shorter period.';
  return errors;
}

/**
 * The filter every report shares (issue 37): from and to dates and a venue. The venues are the ones the staff member
 * may report on (passed in: the report's own reply lists them). Nothing changes until 'Show' is pressed, so a half
 * typed date does not ask the server for a report.
 */
export function ReportFilterBar({
  value,
  venues,
  onChange,
}: {
  value: ReportFilter;
  venues: { id: number; name: string }[];
  onChange: (next: ReportFilter) => void;
}) {
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [venueId, setVenueId] = useState(value.venueId === null ? '' : String(value.venueId));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const venueField = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkReportFilter(from, to);
    setErrors(found);
    if (found.from || found.to) return;
    onChange({ from, to, venueId: venueId ? Number(venueId) : null });
  };

  return (
    <form className="report-filter" noValidate onSubmit={submit} aria-label="Report period and venue">
      <TextField
        label="From"
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={errors.from}
        required
      />
      <TextField
        label="To"
        type="date"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={errors.to}
        required
      />
      <div className="field">
        <label className="field__label" htmlFor={venueField}>
          Venue
        </label>
        <select
          id={venueField}
          className="field__input"
          value={venueId}
          onChange={(event) => setVenueId(event.target.value)}
        >
          <option value="">{venues.length === 1 ? venues[0]!.name : 'All venues'}</option>
          {venues.length > 1 &&
            venues.map((venue) => (
              <option key={venue.id} value={venue.id}>
                {venue.name}
              </option>
            ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </form>
  );
}
