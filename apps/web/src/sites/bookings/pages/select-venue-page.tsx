import { Navigate } from 'react-router';
import { useSelectedVenue } from '../../../lib/selected-venue';
import { VenueChooser } from './venue-chooser';

/** /redirect-to-selected-venue: the selected venue's timetable, or the venue chooser when none is selected. */
export default function SelectVenuePage() {
  const selected = useSelectedVenue();
  if (selected) return <Navigate to={`/venues/${encodeURIComponent(selected.slug)}`} replace />;
  return <VenueChooser />;
}
