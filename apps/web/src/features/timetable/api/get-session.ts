import { getSession } from '@fieldhouse/contract/routes/timetable';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { Session, Timetable } from './types';

/** GET sessions/:id */
export const sessionQueryOptions = (id: number, viewer: number | null) =>
  queryOptions({
    queryKey: queryKeys.session(id, viewer),
    queryFn: ({ signal }) => call(getSession, { params: { id }, signal }),
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
