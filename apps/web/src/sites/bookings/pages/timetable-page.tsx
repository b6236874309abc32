import { useParams } from 'react-router';
import { useUser } from '../../../features/auth/api';
import { TimetableView } from '../../../features/timetable/timetable-view';
import { useSelectedVenue } from '../../../lib/selected-venue';

/** /venues/:slug: the venue's timetable for the next 14 days. */
export default function TimetablePage() {
  const { slug = '' } = useParams();
  const user = useUser();
  const selected = useSelectedVenue();
  return (
    <TimetableView
      key={slug}
      slug={slug}
      fallbackName={selected?.slug === slug ? selected.name : null}
      viewerId={user?.id ?? null}
    />
  );
}
