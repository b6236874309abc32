import { useUser } from '../../../../features/auth/api/get-user';
import { SessionDetail } from '../../../../features/timetable/components/session-detail';
import { useParams } from '../../../../lib/router';
import { NotFoundContent } from '../../../../shell/screens';

/** /venues/:slug/sessions/:id: one session with its description and action. */
export default function SessionPage() {
  const { slug = '', id = '' } = useParams();
  const user = useUser();
  const sessionId = Number(id);
  if (!Number.isInteger(sessionId) || sessionId <= 0) return <NotFoundContent />;
  return <SessionDetail slug={slug} sessionId={sessionId} viewerId={user?.id ?? null} />;
}
