import { SessionChoice } from '../../../../features/bookings/components/session-choice';
import { PageTitle } from '../../../../lib/page-title';
import { useParams } from '../../../../lib/router';

/** /account/session-change/:token, from a 'Changed' mail: keep the place or cancel with a full refund (no login). */
export default function SessionChangePage() {
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title="Your session has moved" />
      <h1>Your session has moved</h1>
      <SessionChoice key={token} token={token} />
    </>
  );
}
