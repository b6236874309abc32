import { useQuery } from '@tanstack/react-query';
import { venuesPageQueryOptions } from '../../../../api/get-venues';
import { useUser } from '../../../../features/auth/api/get-user';
import { Navigate } from '../../../../lib/router';
import { useSelectedVenue } from '../../../../lib/selected-venue';
import { Spinner } from '../../../../ui/spinner';
import { VenueChooser } from '../venues/venue-chooser';

/**
 * /redirect-to-selected-venue ('Book an activity'): the selected venue's timetable; with none selected, a
 * logged-in member's home venue timetable; else, when the operator has a single venue, its timetable (there is
 * nothing to choose); else the venue chooser.
 */
export default function SelectVenuePage() {
  const selected = useSelectedVenue();
  const user = useUser();
  // The first page of venues (the site prefetches it): its total says whether there is only one.
  const venues = useQuery(venuesPageQueryOptions());
  const only = venues.data?.pagination.totalRecords === 1 ? venues.data.venues[0] : undefined;
  const slug = selected?.slug ?? user?.homeVenueSlug ?? only?.slug;
  if (slug) return <Navigate to={`/venues/${encodeURIComponent(slug)}`} replace />;
  if (user === undefined || venues.isPending) return <Spinner label="Loading" />;
  return <VenueChooser />;
}
