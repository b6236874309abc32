import { useEffect } from 'react';
import { type User, useUser } from '../../../../features/auth/api/get-user';
import { Navigate, useLocation, useNavigate, useParams } from '../../../../lib/router';
import '../../../../features/joining/joining.css';
import { RenewMembershipJourney } from '../../../../features/joining/components/renew-journey';
import { JourneyProvider, useJourney } from '../../../../features/joining/stores/journey-store';
import type { ManageNavigationState } from '../../../../features/memberships/components/manage-membership-modal';
import { PageTitle } from '../../../../lib/page-title';
import { Spinner } from '../../../../ui/spinner';

type PaymentType = 'recurring' | 'fixed';

/** The renewal's membership is the member's own: chosen once, and not editable (joining §2). */
function RenewJourney({
  user,
  membershipId,
  typeId,
  slug,
  paymentType,
}: {
  user: User;
  membershipId: number;
  typeId: number;
  slug: string;
  paymentType: PaymentType;
}) {
  const { store, dispatch } = useJourney();
  const navigate = useNavigate();
  const isChosen = store.state.membershipTypeId === typeId && store.state.paymentType === paymentType;
  useEffect(() => {
    if (!isChosen)
      dispatch({
        type: 'choose',
        membership: { membershipTypeId: typeId, membershipSlug: slug, paymentOptionId: null, paymentType },
        open: 'details',
      });
  }, [isChosen, dispatch, typeId, slug, paymentType]);
  if (!isChosen) return <Spinner label="Loading" />;
  return (
    <RenewMembershipJourney
      user={user}
      membershipId={membershipId}
      onSelectionReset={() => navigate('/memberships', { replace: true })}
    />
  );
}

/**
 * /memberships/renew/:membershipId/:selectedMembershipSlug/:selectedPaymentType (account-shell §2, joining §2): the
 * joining journey in renew mode. Opened without the manage modal's navigation state it goes back to /memberships.
 */
export default function RenewPage() {
  const { membershipId, selectedMembershipSlug = '', selectedPaymentType } = useParams();
  const navigation = useLocation().state as ManageNavigationState | null;
  const user = useUser();
  const id = Number(membershipId);
  const isPaymentType = selectedPaymentType === 'recurring' || selectedPaymentType === 'fixed';
  if (!isPaymentType || navigation?.membership?.id !== id) return <Navigate to="/memberships" replace />;
  if (!user) return <Spinner label="Loading" />;
  const current = navigation.membership;
  return (
    <section className="stack join-page">
      <PageTitle title="Renew membership" />
      <h1>Renew membership</h1>
      <p>
        Renewing <strong>{current.membershipType.name}</strong> ({current.reference}).
      </p>
      <JourneyProvider storageKey={`fh-join-renew-${id}`} mode="renew">
        <RenewJourney
          user={user}
          membershipId={id}
          typeId={current.membershipType.id}
          slug={selectedMembershipSlug}
          paymentType={selectedPaymentType}
        />
      </JourneyProvider>
    </section>
  );
}
