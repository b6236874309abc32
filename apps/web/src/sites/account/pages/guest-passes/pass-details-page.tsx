import { useUser } from '../../../../features/auth/api/get-user';
import { GuestPassDetails } from '../../../../features/guest-passes/components/guest-pass-details';
import { PageTitle } from '../../../../lib/page-title';
import { Link, useParams } from '../../../../lib/router';
import { NotFoundContent } from '../../../../shell/screens';

/** /guest-passes/pass-details/:id */
export default function PassDetailsPage() {
  const user = useUser();
  const { id = '' } = useParams();
  if (!user) return null;
  if (!/^\d+$/.test(id)) return <NotFoundContent />;
  return (
    <>
      <PageTitle title="Guest pass details" />
      <p>
        <Link to="/guest-passes" className="back-link">
          Go back to Guest passes
        </Link>
      </p>
      <h1>Guest Passes</h1>
      <GuestPassDetails userId={user.id} passId={Number(id)} />
    </>
  );
}
