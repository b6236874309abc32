import type { waiverReply, waiversReply } from '@fieldhouse/contract/account-profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';

/** Query options and the signing mutation of the account's waivers (joining §7 Waiver, Waivers list). */

type WireWaivers = z.infer<typeof waiversReply>['data'];
type WireWaiver = z.infer<typeof waiverReply>['data'];
export type WaiverEntry = Camel<WireWaivers>[number];
export type WaiverSignature = WaiverEntry['waivers'][number];
export type Waiver = Camel<WireWaiver>;
export type WaiverQuestion = WaiverSignature['questions'][number];

const waiversKey = ['waivers'] as const;

/** GET my-account/user/waivers (expired waivers are left out by the server, and hidden here too). */
export const waiversQueryOptions = queryOptions({
  queryKey: [...waiversKey, 'list'] as const,
  queryFn: ({ signal }) => api.get<WireWaivers>('my-account/user/waivers', { signal }),
});

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

/** POST my-account/user/waivers/{slug}/sign: signs the latest version; the reply is the waiver as signed. */
export function useSignWaiver(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WireWaiver>(`my-account/user/waivers/${encodeURIComponent(slug)}/sign`),
    onSuccess: (waiver) => {
      queryClient.setQueryData(waiverQueryOptions(slug).queryKey, waiver);
      return queryClient.invalidateQueries({ queryKey: [...waiversKey, 'list'] });
    },
  });
}
