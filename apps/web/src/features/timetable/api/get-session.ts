import { getSession } from '@fieldhouse/contract/routes/timetable';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { patchMyFacts } from '../rules/timetable';
import type { MyFacts, MyTimetable, Session, Timetable } from './types';

/** GET sessions/:id (personal: the caller's own facts are in it). */
export const sessionQueryOptions = (id: number, viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.session(id, viewer),
    queryFn: ({ signal }) => call(getSession, { params: { id }, signal }),
  });

/** The session's facts as a cached timetable or detail shows them (for a member with no facts on it yet). */
function cachedFacts(queryClient: QueryClient, id: number): MyFacts | undefined {
  for (const [, timetable] of queryClient.getQueriesData<Timetable>({
    queryKey: [...queryKeys.sessions, 'timetable'],
  })) {
    const found = timetable?.sessions.find((s) => s.id === id);
    if (found) return found;
  }
  for (const [, session] of queryClient.getQueriesData<Session>({
    queryKey: [...queryKeys.sessions, 'detail', id],
  }))
    if (session) return session;
  return undefined;
}

/**
 * Changes the member's facts on one session wherever they are cached (their timetable facts and the session's
 * detail) without waiting for a refetch, then marks their timetable facts stale, so the server's word follows (a
 * small request; the shared timetable is not fetched again).
 */
export function patchSession(
  queryClient: QueryClient,
  id: number,
  patch: Partial<Omit<MyFacts, 'id'>>,
): void {
  const base = cachedFacts(queryClient, id);
  queryClient.setQueriesData<MyTimetable>({ queryKey: queryKeys.myTimetables }, (old) =>
    old ? { ...old, sessions: patchMyFacts(old.sessions, id, patch, base) } : old,
  );
  queryClient.setQueriesData<Session>({ queryKey: [...queryKeys.sessions, 'detail', id] }, (old) =>
    old ? { ...old, ...patch } : old,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.myTimetables });
}
