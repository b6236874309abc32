import { Navigate } from 'react-router';
import { useUser } from '../../../features/auth/api';
import { useSelectedVenue } from '../../../lib/selected-venue';
import { Spinner } from '../../../ui/spinner';
import { VenueChooser } from './venue-chooser';

/**
 * /redirect-to-selected-venue ('Book an activity'): the selected venue's timetable; with none selected, a
 * logged-in member's home venue timetable; else the venue chooser.
 */
export default function SelectVenuePage() {
  const selected = useSelectedVenue();
  const user = useUser();
  const slug = selected?.slug ?? user?.homeVenueSlug;
  if (slug) return <Navigate to={`/venues/${encodeURIComponent(slug)}`} replace />;
  if (user === undefined) return <Spinner label="Loading" />;
  return <VenueChooser />;
}
