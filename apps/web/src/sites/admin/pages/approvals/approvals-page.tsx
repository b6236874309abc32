import { useApprovals } from '../../../../features/approvals/api/get-approvals';
import { ApprovalsQueue } from '../../../../features/approvals/components/approvals-queue';
import { isApiError } from '../../../../lib/api/client';
import { PageTitle } from '../../../../lib/page-title';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';
import { NotAllowed } from '../../not-allowed';

export default function ApprovalsPage() {
  const approvals = useApprovals();
  if (isApiError(approvals.error) && approvals.error.status === 403) return <NotAllowed />;
  return (
    <div className="admin-page">
      <PageTitle title="Approvals" />
      <h1>Approvals</h1>
      {approvals.isPending ? (
        <Spinner />
      ) : approvals.isError ? (
        <LoadError text={approvals.error.message} onRetry={() => void approvals.refetch()} />
      ) : (
        <ApprovalsQueue items={approvals.data} />
      )}
    </div>
  );
}
