import { decideStaffApproval } from '@fieldhouse/contract/routes/staff';
import type { ApprovalDecisionBody, ApprovalKind } from '@fieldhouse/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { withoutItem } from '../rules/queue-page';
import { type ApprovalsPage, approvalsQueryKey } from './get-approvals';

export interface DecisionInput {
  kind: ApprovalKind;
  id: number;
  body: ApprovalDecisionBody;
}

/**
 * POST staff/approvals/{kind}/{id}/decision. The item leaves the queue once decided, and also when someone else
 * decided it first (409): either way it is no longer waiting. Then the queue's pages reload.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  const removeFromQueue = (input: DecisionInput) =>
    queryClient.setQueriesData<ApprovalsPage>(
      { queryKey: approvalsQueryKey },
      (page) => page && withoutItem(page, input),
    );
  return useMutation({
    mutationFn: ({ kind, id, body }: DecisionInput) =>
      call(decideStaffApproval, { params: { kind, id }, body }),
    onSuccess: (_reply, input) => removeFromQueue(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
  });
}
