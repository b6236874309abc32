import type { Theme as WireTheme } from '@fieldhouse/contract';
import { getTheme } from '@fieldhouse/contract/routes/theme';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

export type Theme = Camel<WireTheme>;

/** GET frontend/theme?venue=…; on failure it is retried once without the venue (spec §4). */
export async function fetchTheme(venue: string | null): Promise<Theme> {
  if (!venue) return call(getTheme);
  try {
    return await call(getTheme, { query: { venue } });
  } catch {
    return call(getTheme);
  }
}

export const themeQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: ['public', 'theme', venue ?? ''],
    queryFn: () => fetchTheme(venue),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
