import { WaiverView } from '../../../../features/waivers/components/waiver-view';
import { useParams, useSearchParams } from '../../../../lib/router';

/** /user-details/waivers/:slug: one waiver (the slug is its id). */
export default function WaiverPage() {
  const { slug = '' } = useParams();
  const attendee = useSearchParams()[0].get('attendee') ?? undefined;
  return <WaiverView key={`${slug}-${attendee ?? ''}`} slug={slug} attendee={attendee} />;
}
