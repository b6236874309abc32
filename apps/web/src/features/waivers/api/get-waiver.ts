import { getWaiver } from '@fieldhouse/contract/routes/account';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { waiversKey } from './get-waivers';

/** GET my-account/user/waivers/{slug}: one waiver (404 when it is missing or not the caller's). */
export const waiverQueryOptions = (slug: string, attendee?: string) =>
  queryOptions({
    queryKey: [...waiversKey, 'detail', slug, attendee ?? ''] as const,
    queryFn: ({ signal }) =>
      call(getWaiver, { params: { slug }, query: attendee ? { attendee } : undefined, signal }),
    retry: false,
  });
