import { useUser } from '../../../../features/auth/api/get-user';
import { Navigate, useLocation, useParams } from '../../../../lib/router';
import '../../../../features/joining/joining.css';
import { useChangeOptions } from '../../../../features/joining/api/get-change-options';
import { ChangeMembershipJourney } from '../../../../features/joining/components/change-journey';
import { JourneyProvider } from '../../../../features/joining/stores/journey-store';
import type { ManageNavigationState } from '../../../../features/memberships/components/manage-membership-modal';
import { isApiError } from '../../../../lib/api/client';
import { PageTitle } from '../../../../lib/page-title';
import { NotFoundContent } from '../../../../shell/screens';
import { Spinner } from '../../../../ui/spinner';

/**
 * /memberships/change/:membershipId (account-shell §2, joining §2): the joining journey in change mode, from the
 * membership section on. Opened without the manage modal's navigation state it goes back to /memberships; a 403
 * or 404 on the change request shows the not-found page.
 */
export default function ChangePage() {
  const { membershipId } = useParams();
  const navigation = useLocation().state as ManageNavigationState | null;
  const id = Number(membershipId);
  const isValid = Number.isInteger(id) && id > 0 && navigation?.membership?.id === id;
  const user = useUser();
  const options = useChangeOptions(isValid ? id : null);
  if (!isValid) return <Navigate to="/memberships" replace />;
  if (isApiError(options.error) && [403, 404].includes(options.error.status)) return <NotFoundContent />;
  if (!user) return <Spinner label="Loading" />;
  const current = navigation.membership;
  return (
    <section className="stack join-page">
      <PageTitle title="Change membership" />
      <h1>Change membership</h1>
      <p>
        Changing <strong>{current.membershipType.name}</strong> ({current.reference}) at{' '}
        {current.homeVenue.name}.
      </p>
      <JourneyProvider storageKey={`fh-join-change-${id}`} mode="change">
        <ChangeMembershipJourney user={user} membershipId={id} />
      </JourneyProvider>
    </section>
  );
}
