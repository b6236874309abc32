import { useParams } from 'react-router';
import { WaiverView } from '../../../../features/waivers/waiver-view';

/** /user-details/waivers/:slug: one waiver (the slug is its id). */
export default function WaiverPage() {
  const { slug = '' } = useParams();
  return <WaiverView key={slug} slug={slug} />;
}
