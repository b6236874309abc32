import { membershipChangeOptions } from '@fieldhouse/contract/routes/membership-management';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** GET memberships/:id/change: what the member's membership can change to (the joining list's shape). */
export const useChangeOptions = (membershipId: number | null) =>
  useQuery({
    queryKey: ['joining', 'change', membershipId ?? 0, 'options'] as const,
    queryFn: ({ signal }) => call(membershipChangeOptions, { params: { id: membershipId ?? 0 }, signal }),
    enabled: membershipId !== null,
    retry: false,
  });
