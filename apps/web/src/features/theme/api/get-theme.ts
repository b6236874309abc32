import type { Theme as WireTheme } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';

export type Theme = Camel<WireTheme>;

/** GET frontend/theme?venue=…; on failure it is retried once without the venue (spec §4). */
export async function fetchTheme(venue: string | null): Promise<Theme> {
  if (!venue) return api.get<WireTheme>('frontend/theme');
  try {
    return await api.get<WireTheme>('frontend/theme', { query: { venue } });
  } catch {
    return api.get<WireTheme>('frontend/theme');
  }
}

export const themeQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: ['public', 'theme', venue ?? ''],
    queryFn: () => fetchTheme(venue),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
