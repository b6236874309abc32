import { useQuery } from '@tanstack/react-query';
import { venueQueryOptions } from '../../../../api/get-venues';
import { useUser } from '../../../../features/auth/api/get-user';
import { TimetableView } from '../../../../features/timetable/components/timetable-view';
import { useParams } from '../../../../lib/router';
import { useSelectedVenue } from '../../../../lib/selected-venue';

/** /venues/:slug: the venue's timetable for the next 14 days. */
export default function TimetablePage() {
  const { slug = '' } = useParams();
  const user = useUser();
  const selected = useSelectedVenue();
  // The venue starts loading with the site (main.tsx), so the heading shows its name from the first paint and does
  // not change length (and move the page) when the timetable arrives.
  const listed = useQuery({ ...venueQueryOptions(slug), enabled: slug !== '' }).data;
  return (
    <TimetableView
      key={slug}
      slug={slug}
      fallbackName={listed?.name ?? (selected?.slug === slug ? selected.name : null)}
      viewerId={user?.id ?? null}
    />
  );
}
