import { MembershipList } from '../../../../features/memberships/membership-list';
import { PageTitle } from '../../../../lib/page-title';

/** /memberships: the account's memberships (management modals come with the memberships issue). */
export default function MembershipsPage() {
  return (
    <section className="stack">
      <PageTitle title="Memberships" />
      <h1>Memberships</h1>
      <MembershipList />
    </section>
  );
}
