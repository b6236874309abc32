import { useStaffAccounts } from '../../../../features/staff-accounts/api/get-staff-accounts';
import { useStaffVenues } from '../../../../features/staff-accounts/api/get-staff-venues';
import { StaffAccountForm } from '../../../../features/staff-accounts/components/staff-account-form';
import { StaffAccountList } from '../../../../features/staff-accounts/components/staff-account-list';
import { useStaffMe } from '../../../../features/staff-auth/api/get-staff-me';
import { isApiError } from '../../../../lib/api/client';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';
import { NotAllowed } from '../../not-allowed';

export default function AccountsPage() {
  const accounts = useStaffAccounts();
  const venues = useStaffVenues();
  const me = useStaffMe().data;
  const error = accounts.error ?? venues.error;
  if (isApiError(error) && error.status === 403) return <NotAllowed />;
  return (
    <div className="admin-page">
      <PageTitle title="Staff accounts" />
      <h1>Staff accounts</h1>
      {accounts.isPending || venues.isPending ? (
        <Spinner />
      ) : accounts.isError || venues.isError ? (
        <LoadError
          text={(accounts.error ?? venues.error)?.message ?? ''}
          onRetry={() => {
            void accounts.refetch();
            void venues.refetch();
          }}
        />
      ) : (
        <div className="staff-accounts">
          <StaffAccountList accounts={accounts.data} venues={venues.data} selfId={me?.id ?? null} />
          <StaffAccountForm venues={venues.data} />
        </div>
      )}
    </div>
  );
}
