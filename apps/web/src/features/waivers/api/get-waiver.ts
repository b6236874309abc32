import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { waiversKey } from './get-waivers';
import type { WireWaiver } from './types';

/** GET my-account/user/waivers/{slug}: one waiver (404 when it is missing or not the caller's). */
export const waiverQueryOptions = (slug: string, attendee?: string) =>
  queryOptions({
    queryKey: [...waiversKey, 'detail', slug, attendee ?? ''] as const,
    queryFn: ({ signal }) =>
      api.get<WireWaiver>(`my-account/user/waivers/${encodeURIComponent(slug)}`, {
        signal,
        query: attendee ? { attendee } : undefined,
      }),
    retry: false,
  });
