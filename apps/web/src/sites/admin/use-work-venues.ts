import { worksEverywhere } from '@fieldhouse/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { staffVenuesQueryOptions } from '../../features/staff-accounts/api/get-staff-venues';
import { useStaffMe } from '../../features/staff-auth/api/get-staff-me';

export interface WorkVenueList {
  venues: { id: number; name: string; slug: string }[];
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * The venues the staff member works at, for the desk and the registers: their own venues, or every venue for an
 * administrator (who works at them all: the console's own list of venues, id, name and slug, not the members' pages).
 */
export function useWorkVenues(): WorkVenueList {
  const me = useStaffMe().data;
  const isAdministrator = me ? worksEverywhere(me.role) : false;
  const all = useQuery({ ...staffVenuesQueryOptions, enabled: isAdministrator });
  if (!me) return { venues: [], isPending: true, error: null, refetch: () => undefined };
  if (!isAdministrator) return { venues: me.venues, isPending: false, error: null, refetch: () => undefined };
  return {
    venues: (all.data ?? []).map(({ id, name, slug }) => ({ id, name, slug })),
    isPending: all.isPending,
    error: all.error,
    refetch: () => void all.refetch(),
  };
}
