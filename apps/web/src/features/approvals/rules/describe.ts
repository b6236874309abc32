import type { ApprovalKind } from '@fieldhouse/contract/staff';

const KIND_LABELS: Record<ApprovalKind, string> = {
  freeze_request: 'Freeze request',
  eligibility_document: 'Eligibility document',
};

/** 'Freeze request' or 'Eligibility document'. */
export const describeKind = (kind: ApprovalKind): string => KIND_LABELS[kind];
