import { useUser } from '../../../../features/auth/api/get-user';
import { MembershipList } from '../../../../features/memberships/components/membership-list';
import { PageTitle } from '../../../../lib/page-title';

/** /memberships: the account's memberships with the manage, freeze, upload and cancel modals (account-shell §2). */
export default function MembershipsPage() {
  const user = useUser();
  const daysToExpiry = Object.fromEntries(
    (user?.documentExpiry ?? []).map((expiry) => [expiry.membershipId, expiry.daysToExpiry]),
  );
  return (
    <section className="stack">
      <PageTitle title="Memberships" />
      <h1>Memberships</h1>
      <MembershipList daysToExpiry={daysToExpiry} />
    </section>
  );
}
