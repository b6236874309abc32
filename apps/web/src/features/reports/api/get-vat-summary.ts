import type { vatSummary } from '@fieldhouse/contract/reports-vat';
import { getVatSummary } from '@fieldhouse/contract/routes/reports-vat';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type VatSummary = Camel<z.infer<typeof vatSummary>>;

/** GET staff/reports/vat?from&to&venue_id: the period's VAT by treatment and rate (decision 082). */
export const vatSummaryQueryOptions = (request: { from: string; to: string; venueId: number | null }) =>
  queryOptions({
    queryKey: ['staff', 'reports', 'vat', request] as const,
    queryFn: ({ signal }) =>
      call(getVatSummary, {
        signal,
        query: { from: request.from, to: request.to, venueId: request.venueId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useVatSummary = (request: { from: string; to: string; venueId: number | null }) =>
  useQuery(vatSummaryQueryOptions(request));
