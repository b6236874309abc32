import type { auditReply } from '@fieldhouse/contract/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../../lib/api/client';

export type AuditPage = Camel<z.infer<typeof auditReply>['data']>;
export type AuditEntry = AuditPage['entries'][number];

/** GET staff/audit?page=N: newest first, 50 a page (administrators only). */
export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['staff', 'audit', page] as const,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof auditReply>['data']>('staff/audit', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditPage = (page: number) => useQuery(auditQueryOptions(page));
