import type {
  createGuestPassBody,
  guestPassesReply,
  GuestPass as WireGuestPass,
  GuestPassAllowance as WireGuestPassAllowance,
} from '@fieldhouse/contract';
import { GUEST_PASS_PAGE_SIZE } from '@fieldhouse/contract/texts/guest-passes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

export type GuestPass = Camel<WireGuestPass>;
export type GuestPassAllowance = Camel<WireGuestPassAllowance>;
export type GuestPassPage = Camel<z.infer<typeof guestPassesReply>['data']>;
export type NewGuestPass = Camel<z.input<typeof createGuestPassBody>['data']>;

const base = (userId: number) => `v1/users/${userId}/guestPasses`;

/** GET v1/users/:userId/guestPasses?page&per_page=10 (newest first). */
export const guestPassPageQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.guestPassPage(userId, page),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof guestPassesReply>['data']>(base(userId), {
        signal,
        query: { page, perPage: GUEST_PASS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** GET v1/users/:userId/guestPasses/:id */
export const guestPassQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: queryKeys.guestPass(userId, id),
    queryFn: ({ signal }) => api.get<WireGuestPass>(`${base(userId)}/${id}`, { signal }),
  });

/** GET v1/users/:userId/guestPasses/allowances */
export const allowancesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.guestPassAllowances(userId),
    queryFn: ({ signal }) => api.get<WireGuestPassAllowance[]>(`${base(userId)}/allowances`, { signal }),
  });

/** POST v1/users/:userId/guestPasses {data:{guest_name, guest_email, venue_id:[id]}}; the list and allowances reload. */
export function useSendGuestPass(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pass: NewGuestPass) => api.post<WireGuestPass>(base(userId), { data: pass }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guestPasses }),
  });
}
