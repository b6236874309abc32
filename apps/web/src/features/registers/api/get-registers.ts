import { listStaffRegisters } from '@fieldhouse/contract/routes/staff-desk';
import type { registersReply } from '@fieldhouse/contract/staff-desk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type RegisterDay = Camel<z.infer<typeof registersReply>['data']>;
export type RegisterSession = RegisterDay['sessions'][number];

export const registersQueryKey = ['staff', 'registers'] as const;

/** GET staff/registers?venue_id=&date=: a venue's sessions of a venue-local day, with their bookings counted. */
export const registersQueryOptions = (venueId: number, date: string) =>
  queryOptions({
    queryKey: [...registersQueryKey, 'day', venueId, date] as const,
    queryFn: ({ signal }) => call(listStaffRegisters, { query: { venueId, date }, signal }),
    placeholderData: keepPreviousData,
  });

export const useRegisters = (venueId: number | null, date: string) =>
  useQuery({ ...registersQueryOptions(venueId ?? 0, date), enabled: venueId !== null });
