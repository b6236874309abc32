import { describe, expect, it } from 'vitest';
import type { ApprovalItem, ApprovalsPage } from '../api/get-approvals';
import { withoutItem } from './queue-page';

const item = (id: number, kind: ApprovalItem['kind'] = 'freeze_request'): ApprovalItem => ({
  kind,
  id,
  submittedAt: '2026-11-24T09:00:00Z',
  customer: { id, reference: `FH${id}`, name: 'Jamie Tester', email: 'jamie@example.org' },
  membership: { id, reference: `M${id}`, name: 'Student monthly', venue: null },
  summary: 'Medical, 1 month from 1 Dec 2026',
  file: null,
});
const page = (items: ApprovalItem[], first: number, total: number): ApprovalsPage => ({
  approvals: items,
  pagination: {
    currentPage: 2,
    totalPages: 2,
    totalRecords: total,
    firstRecordOnCurrentPage: first,
    lastRecordOnCurrentPage: first + items.length - 1,
  },
});

describe('withoutItem', () => {
  it('takes the decided item out of its page and counts one less', () => {
    const before = page([item(1), item(1, 'eligibility_document'), item(2)], 26, 28);
    const after = withoutItem(before, { kind: 'freeze_request', id: 1 });
    expect(after.approvals.map((i) => `${i.kind} ${i.id}`)).toEqual([
      'eligibility_document 1',
      'freeze_request 2',
    ]);
    expect(after.pagination).toMatchObject({
      totalRecords: 27,
      firstRecordOnCurrentPage: 26,
      lastRecordOnCurrentPage: 27,
    });
  });

  it('leaves a page without it as it was, and an emptied page shows no records', () => {
    const other = page([item(5)], 26, 26);
    expect(withoutItem(other, { kind: 'freeze_request', id: 4 })).toBe(other);
    expect(withoutItem(other, { kind: 'freeze_request', id: 5 }).pagination).toMatchObject({
      totalRecords: 25,
      firstRecordOnCurrentPage: 0,
      lastRecordOnCurrentPage: 0,
    });
  });
});
