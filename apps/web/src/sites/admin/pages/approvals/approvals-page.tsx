import { useEffect } from 'react';
import { useApprovals } from '../../../../features/approvals/api/get-approvals';
import { ApprovalsQueue } from '../../../../features/approvals/components/approvals-queue';
import { isApiError } from '../../../../lib/api/client';
import { PageTitle } from '../../../../lib/page-title';
import { pageFromSearch } from '../../../../lib/pagination';
import { useSearchParams } from '../../../../lib/router';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';
import { NotAllowed } from '../../not-allowed';

/** The approvals queue, a page at a time; the page is kept in the URL (?page=), so it survives a reload. */
export default function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get('page'));
  const approvals = useApprovals(page);
  const goToPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  // A page past the end (the last item of the last page decided, an old link): show the last page instead.
  const lastPage = approvals.data?.pagination.totalPages ?? 1;
  const isPastEnd = approvals.isSuccess && !approvals.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [isPastEnd, lastPage, setParams]);

  if (isApiError(approvals.error) && approvals.error.status === 403) return <NotAllowed />;
  return (
    <div className="admin-page">
      <PageTitle title={page > 1 ? `Approvals, page ${page}` : 'Approvals'} />
      <h1>Approvals</h1>
      {approvals.isPending ? (
        <Spinner />
      ) : approvals.isError ? (
        <LoadError text={approvals.error.message} onRetry={() => void approvals.refetch()} />
      ) : (
        <ApprovalsQueue
          items={approvals.data.approvals}
          pagination={approvals.data.pagination}
          isBusy={approvals.isPlaceholderData || isPastEnd}
          onPageChange={goToPage}
        />
      )}
    </div>
  );
}
