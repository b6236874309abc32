import { getStaffRegister } from '@fieldhouse/contract/routes/staff-desk';
import type { sessionRegisterReply } from '@fieldhouse/contract/staff-desk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { registersQueryKey } from './get-registers';

export type SessionRegister = Camel<z.infer<typeof sessionRegisterReply>['data']>;
export type RegisterEntry = SessionRegister['bookings'][number];

export const registerQueryKey = (sessionId: number) => [...registersQueryKey, 'session', sessionId] as const;

/** GET staff/registers/:sessionId: the session and everyone booked on it, attended or not. */
export const registerQueryOptions = (sessionId: number) =>
  queryOptions({
    queryKey: registerQueryKey(sessionId),
    queryFn: ({ signal }) => call(getStaffRegister, { params: { sessionId }, signal }),
  });

export const useRegister = (sessionId: number) => useQuery(registerQueryOptions(sessionId));
