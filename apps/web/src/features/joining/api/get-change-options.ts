import type { Membership as WireMembership } from '@fieldhouse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

/** GET memberships/:id/change: what the member's membership can change to (the joining list's shape). */
export const useChangeOptions = (membershipId: number | null) =>
  useQuery({
    queryKey: ['joining', 'change', membershipId ?? 0, 'options'] as const,
    queryFn: ({ signal }) => api.get<WireMembership[]>(`memberships/${membershipId}/change`, { signal }),
    enabled: membershipId !== null,
    retry: false,
  });
