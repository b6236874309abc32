import { listStaffAudit } from '@fieldhouse/contract/routes/staff';
import type { auditReply } from '@fieldhouse/contract/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type AuditPage = Camel<z.infer<typeof auditReply>['data']>;
export type AuditEntry = AuditPage['entries'][number];

/** GET staff/audit?page=N: newest first, 50 a page (administrators only). */
export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'audit', page] as const,
    queryFn: ({ signal }) => call(listStaffAudit, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditPage = (page: number) => useQuery(auditQueryOptions(page));
