import type { cashUpReply } from '@fieldhouse/contract/cash-up';
import { cashUpReport } from '@fieldhouse/contract/routes/cash-up';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type CashUpReport = Camel<z.infer<typeof cashUpReply>['data']>;

/** GET staff/reports/cash-up?from&to&venue_id&page: the period's cash-up by venue and day, a page of days at a time. */
export const useCashUpReport = (request: {
  from: string;
  to: string;
  venueId: number | null;
  page: number;
}) =>
  useQuery({
    queryKey: ['staff', 'reports', 'cash-up', request] as const,
    queryFn: ({ signal }) =>
      call(cashUpReport, {
        signal,
        query: {
          from: request.from,
          to: request.to,
          venueId: request.venueId ?? undefined,
          page: request.page,
          perPage: 31,
        },
      }),
    placeholderData: keepPreviousData,
  });
