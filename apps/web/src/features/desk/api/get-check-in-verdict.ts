import { previewDeskCheckIn } from '@fieldhouse/contract/routes/staff-desk';
import type { checkInPreviewReply } from '@fieldhouse/contract/staff-desk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type CheckInVerdict = Camel<z.infer<typeof checkInPreviewReply>['data']>;

export const checkInVerdictQueryKey = (customerId: number, venueId?: number) =>
  venueId === undefined
    ? (['staff', 'desk', 'check-in', customerId] as const)
    : (['staff', 'desk', 'check-in', customerId, venueId] as const);

/**
 * GET staff/desk/customers/:id/check-in?venue_id=: may the member enter the desk's venue now, and why not. Asked
 * afresh each time the customer is opened (the clock decides it); the check-in itself asks the server again.
 */
export const checkInVerdictQueryOptions = (customerId: number, venueId: number) =>
  queryOptions({
    queryKey: checkInVerdictQueryKey(customerId, venueId),
    queryFn: ({ signal }) =>
      call(previewDeskCheckIn, { params: { id: customerId }, query: { venueId }, signal }),
    staleTime: 0,
  });

export const useCheckInVerdict = (customerId: number, venueId: number | null) =>
  useQuery({ ...checkInVerdictQueryOptions(customerId, venueId ?? 0), enabled: venueId !== null });
