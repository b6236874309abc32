import { useAuditPage } from '../../../../features/audit-log/api/get-audit';
import { AuditLogTable } from '../../../../features/audit-log/components/audit-log-table';
import { AuditPager } from '../../../../features/audit-log/components/audit-pager';
import { isApiError } from '../../../../lib/api/client';
import { PageTitle } from '../../../../lib/page-title';
import { pageFromSearch } from '../../../../lib/pagination';
import { useSearchParams } from '../../../../lib/router';
import { LoadError } from '../../../../ui/load-error';
import { Spinner } from '../../../../ui/spinner';
import { NotAllowed } from '../../not-allowed';

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get('page'));
  const audit = useAuditPage(page);
  if (isApiError(audit.error) && audit.error.status === 403) return <NotAllowed />;
  return (
    <div className="admin-page">
      <PageTitle title={page > 1 ? `Audit log, page ${page}` : 'Audit log'} />
      <h1>Audit log</h1>
      {audit.isPending ? (
        <Spinner />
      ) : audit.isError ? (
        <LoadError text={audit.error.message} onRetry={() => void audit.refetch()} />
      ) : (
        <>
          <AuditLogTable entries={audit.data.entries} />
          {(page > 1 || audit.data.hasMore) && (
            <AuditPager
              page={page}
              hasMore={audit.data.hasMore}
              isBusy={audit.isPlaceholderData}
              onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          )}
        </>
      )}
    </div>
  );
}
