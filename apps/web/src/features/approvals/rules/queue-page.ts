import type { ApprovalKind } from '@fieldhouse/contract/staff';
import type { ApprovalsPage } from '../api/get-approvals';

/** A page without the decided item, its counts one less (until the page reloads with the next item moved up). */
export function withoutItem(page: ApprovalsPage, input: { kind: ApprovalKind; id: number }): ApprovalsPage {
  const approvals = page.approvals.filter((item) => !(item.kind === input.kind && item.id === input.id));
  if (approvals.length === page.approvals.length) return page;
  const { pagination } = page;
  return {
    approvals,
    pagination: {
      ...pagination,
      totalRecords: Math.max(0, pagination.totalRecords - 1),
      firstRecordOnCurrentPage: approvals.length > 0 ? pagination.firstRecordOnCurrentPage : 0,
      lastRecordOnCurrentPage: approvals.length > 0 ? pagination.lastRecordOnCurrentPage - 1 : 0,
    },
  };
}
