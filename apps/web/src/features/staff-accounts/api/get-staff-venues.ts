import { listStaffVenues } from '@fieldhouse/contract/routes/staff';
import type { staffVenue } from '@fieldhouse/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type StaffVenue = Camel<z.infer<typeof staffVenue>>;

/** GET staff/venues: every venue, for the venue picker of a new staff account. */
export const staffVenuesQueryOptions = queryOptions({
  queryKey: ['staff', 'venues'] as const,
  queryFn: ({ signal }) => call(listStaffVenues, { signal }),
  staleTime: 5 * 60_000,
});

export const useStaffVenues = () => useQuery(staffVenuesQueryOptions);
