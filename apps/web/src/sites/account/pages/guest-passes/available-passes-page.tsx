import { useUser } from '../../../../features/auth/api/get-user';
import { allowancesQueryOptions } from '../../../../features/guest-passes/api/get-allowances';
import { Allowances } from '../../../../features/guest-passes/components/allowances';
import { GuestPassForm } from '../../../../features/guest-passes/components/guest-pass-form';
import { PageTitle } from '../../../../lib/page-title';
import { WhenSettled } from '../../../../ui/when-settled';

/** /guest-passes/available-passes: the allowances and the send form, which appear together (`WhenSettled`). */
export default function AvailablePassesPage() {
  const user = useUser();
  if (!user) return null;
  return (
    <>
      <PageTitle title="Available passes" />
      <h1>Guest Passes</h1>
      <WhenSettled queries={[allowancesQueryOptions(user.id)]} label="Loading your passes">
        <Allowances userId={user.id} heading="Available passes" showAction={false} />
        <section className="card guest-section">
          <GuestPassForm userId={user.id} />
        </section>
      </WhenSettled>
    </>
  );
}
