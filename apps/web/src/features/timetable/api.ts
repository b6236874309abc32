import type {
  ActivitySession,
  joinWaitlistReply,
  timetableReply,
  WaitlistEntry as WireWaitlistEntry,
} from '@fieldhouse/contract';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { WAITLIST_TEXTS } from '@fieldhouse/contract/texts/waitlist';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { storeCart } from '../../lib/cart';
import { addCartItems } from '../../lib/cart-actions';
import { queryKeys } from '../../lib/query-keys';
import { TOAST_DURATION, toast } from '../../lib/toast';

export type Session = Camel<ActivitySession>;
type WireTimetable = z.infer<typeof timetableReply>['data'];
export type Timetable = Camel<WireTimetable>;
type WaitlistEntry = Camel<WireWaitlistEntry>;

/** GET venues/:slug/sessions?from&to: the whole 14-day range in one request; days switch instantly. */
export const timetableQueryOptions = (slug: string, from: string, to: string, viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.timetable(slug, from, to, viewer),
    queryFn: ({ signal }) =>
      api.get<WireTimetable>(`venues/${encodeURIComponent(slug)}/sessions`, { signal, query: { from, to } }),
  });

/** GET sessions/:id */
export const sessionQueryOptions = (id: number, viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.session(id, viewer),
    queryFn: ({ signal }) => api.get<ActivitySession>(`sessions/${id}`, { signal }),
  });

/** Updates one session wherever it is cached (timetables and its detail), without refetching 14 days. */
export function patchSession(queryClient: QueryClient, id: number, patch: Partial<Session>): void {
  queryClient.setQueriesData<Timetable>({ queryKey: [...queryKeys.sessions, 'timetable'] }, (old) =>
    old ? { ...old, sessions: old.sessions.map((s) => (s.id === id ? { ...s, ...patch } : s)) } : old,
  );
  queryClient.setQueriesData<Session>({ queryKey: [...queryKeys.sessions, 'detail', id] }, (old) =>
    old ? { ...old, ...patch } : old,
  );
}

/** POST cart/add for one session (after the spec's 250 ms delay). */
export function useAddToBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => addCartItems([{ id: sessionId, type: 'activity' }]),
    // Toasts live here, not in the caller: the button unmounts as soon as the session shows 'In basket'.
    onSuccess: (reply, sessionId) => {
      toast.success(BASKET_TEXTS.added, { duration: TOAST_DURATION.default });
      patchSession(queryClient, sessionId, { inBasket: true });
      return storeCart(queryClient, reply);
    },
    // The session may have filled or started meanwhile: show its real state.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** POST waitlist {session_id} */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      api.post<z.infer<typeof joinWaitlistReply>['data']>('waitlist', { sessionId }),
    onSuccess: (entry: WaitlistEntry, sessionId) => {
      patchSession(queryClient, sessionId, { waitlistPosition: entry.order, waitlistEntryId: entry.id });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** DELETE waitlist/:id */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId }: { entryId: number; sessionId: number }) =>
      api.delete<{ message: string }>(`waitlist/${entryId}`),
    onSuccess: (_reply, { sessionId }) => {
      toast.success(WAITLIST_TEXTS.removed, { duration: TOAST_DURATION.default });
      patchSession(queryClient, sessionId, { waitlistPosition: null, waitlistEntryId: null });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
    },
  });
}
