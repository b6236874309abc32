import type { TermsKind, termsItem } from '@fieldhouse/contract';
import { getTerms } from '@fieldhouse/contract/routes/checkout';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type TermsItem = Camel<z.infer<typeof termsItem>>;

/** GET terms (checkout terms when `kind` is left out; direct_debit, health_commitment, membership). */
export const joiningTermsQueryOptions = (kind: TermsKind | null) =>
  queryOptions({
    queryKey: ['joining', 'terms', kind ?? 'checkout'] as const,
    queryFn: ({ signal }) => call(getTerms, { signal, query: { kind: kind ?? undefined } }),
    staleTime: 5 * 60_000,
  });
