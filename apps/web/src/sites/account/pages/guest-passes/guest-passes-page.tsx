import { useUser } from '../../../../features/auth/api/get-user';
import { allowancesQueryOptions } from '../../../../features/guest-passes/api/get-allowances';
import { guestPassPageQueryOptions } from '../../../../features/guest-passes/api/get-guest-passes';
import { Allowances } from '../../../../features/guest-passes/components/allowances';
import { GuestPassList } from '../../../../features/guest-passes/components/guest-pass-list';
import { pageFromSearch } from '../../../../features/guest-passes/rules/pagination';
import { PageTitle } from '../../../../lib/page-title';
import { useSearchParams } from '../../../../lib/router';
import { WhenSettled } from '../../../../ui/when-settled';

/**
 * /guest-passes: allowances with 'Send a guest pass', then the passes sent (10 a page, ?page=); the two sections
 * appear together (`WhenSettled`).
 */
export default function GuestPassesPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get('page'));
  if (!user) return null;
  return (
    <>
      <PageTitle title="Guest Passes" />
      <h1>Guest Passes</h1>
      <WhenSettled
        queries={[allowancesQueryOptions(user.id), guestPassPageQueryOptions(user.id, page)]}
        label="Loading your guest passes"
      >
        <Allowances userId={user.id} heading="Your guest pass allowances" showAction />
        <GuestPassList
          userId={user.id}
          page={page}
          onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
        />
      </WhenSettled>
    </>
  );
}
