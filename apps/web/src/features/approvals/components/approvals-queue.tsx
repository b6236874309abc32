import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { formatDateTime } from '../../../lib/format';
import type { PaginationLike } from '../../../lib/pagination';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { DetailsList } from '../../../ui/details-list';
import { Pagination } from '../../../ui/pagination';
import { useDecideApproval } from '../api/decide-approval';
import type { ApprovalItem } from '../api/get-approvals';
import { describeKind } from '../rules/describe';
import { RejectModal } from './reject-modal';
import '../approvals.css';

const itemKey = (item: Pick<ApprovalItem, 'kind' | 'id'>) => `${item.kind}-${item.id}`;

/** The server's own words for a refused decision (409 already decided, 422), else the app's text. */
const decisionProblem = (error: unknown): string => {
  if (!isApiError(error)) return (error as Error).message;
  if (error.status === 409) return error.serverMessage ?? STAFF_TEXTS.alreadyDecided;
  return error.status === 422 ? (error.serverMessage ?? error.message) : error.message;
};

/**
 * The approvals queue, a page at a time (oldest first): one card per waiting freeze request or eligibility document
 * (customer, membership, what was asked, when, the uploaded file), each with Approve and Reject (which asks for a
 * reason); the heading counts the whole queue, and Previous / 'Page 2 of 3' / Next (announcing 'Showing 26–50 of
 * 60') follow when there is more than one page. A decided item leaves the queue, a toast says what happened and focus
 * moves to the queue's heading so keyboard users keep their place; it moves there too when another page is asked
 * for, so the reader starts at its first item.
 */
export function ApprovalsQueue({
  items,
  pagination,
  isBusy = false,
  onPageChange,
}: {
  items: ApprovalItem[];
  pagination: PaginationLike;
  /** While another page loads: the pager's buttons do nothing and the list says it is busy. */
  isBusy?: boolean;
  onPageChange: (page: number) => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const decide = useDecideApproval();
  const [rejecting, setRejecting] = useState<ApprovalItem | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());
  const afterDecision = (message: string) => {
    toast.success(message, { duration: TOAST_DURATION.default });
    focusHeading();
  };
  const waiting = pagination.totalRecords;

  const approve = (item: ApprovalItem) => {
    setBusyKey(itemKey(item));
    decide.mutate(
      { kind: item.kind, id: item.id, body: { decision: 'approve' } },
      {
        onSuccess: () => afterDecision(`${describeKind(item.kind)} of ${item.customer.name} approved`),
        onError: (error) => toast.error(decisionProblem(error), { duration: TOAST_DURATION.default }),
        onSettled: () => setBusyKey(null),
      },
    );
  };

  const reject = (item: ApprovalItem, reason: string) => {
    setRejectError(null);
    decide.mutate(
      { kind: item.kind, id: item.id, body: { decision: 'reject', reason } },
      {
        onSuccess: () => {
          setRejecting(null);
          afterDecision(`${describeKind(item.kind)} of ${item.customer.name} rejected`);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422 && error.fieldErrors.reason?.[0]) {
            setRejectError(error.fieldErrors.reason[0]);
            return;
          }
          setRejecting(null);
          toast.error(decisionProblem(error), { duration: TOAST_DURATION.default });
        },
      },
    );
  };

  return (
    <section className="approvals" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="approvals__heading">
        {waiting === 0 ? 'Nothing is waiting for a decision' : `${waiting} waiting for a decision`}
      </h2>
      {items.length > 0 && (
        <ul className="approvals__list" aria-busy={isBusy || undefined}>
          {items.map((item) => {
            const key = itemKey(item);
            const titleId = `${headingId}-${key}`;
            const isBusy = busyKey === key;
            return (
              <li key={key} className="card approval-card" aria-labelledby={titleId}>
                <h3 id={titleId} className="approval-card__title">
                  {describeKind(item.kind)}: {item.customer.name}
                </h3>
                <DetailsList
                  variant={['rows']}
                  rows={[
                    [
                      'Customer',
                      <>
                        {item.customer.name} ({item.customer.reference})
                        <br />
                        <span className="muted">{item.customer.email}</span>
                      </>,
                    ],
                    [
                      'Membership',
                      <>
                        {item.membership.name} ({item.membership.reference})
                        {item.membership.venue && (
                          <>
                            <br />
                            <span className="muted">{item.membership.venue}</span>
                          </>
                        )}
                      </>,
                    ],
                    ['Request', item.summary],
                    [
                      'Submitted',
                      <time key="submitted" dateTime={item.submittedAt}>
                        {formatDateTime(item.submittedAt)}
                      </time>,
                    ],
                    [
                      'File',
                      item.file ? (
                        <a key="file" href={item.file.url} target="_blank" rel="noopener noreferrer">
                          View {item.file.name}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      ) : (
                        'None uploaded'
                      ),
                    ],
                  ]}
                />
                <div className="button-row approval-card__actions">
                  <Button
                    onClick={() => approve(item)}
                    isPending={isBusy}
                    aria-describedby={titleId}
                    disabled={decide.isPending && !isBusy}
                  >
                    {isBusy ? 'Approving…' : 'Approve'}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setRejectError(null);
                      setRejecting(item);
                    }}
                    aria-describedby={titleId}
                    disabled={decide.isPending}
                  >
                    Reject
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pagination.totalPages > 1 && (
        <Pagination
          label="Approvals pages"
          pagination={pagination}
          isBusy={isBusy}
          onPageChange={(page) => {
            onPageChange(page);
            focusHeading();
          }}
        />
      )}
      <RejectModal
        item={rejecting}
        isPending={decide.isPending && rejecting !== null}
        serverError={rejectError}
        onClose={() => setRejecting(null)}
        onReject={(reason) => rejecting && reject(rejecting, reason)}
      />
    </section>
  );
}
