import { useQuery } from '@tanstack/react-query';
import { venueQueryOptions, venuesPageQueryOptions } from '../../../api/get-venues';

/** The first page of venues by name: its total says whether the operator has a single venue. */
export const useFirstVenuesPage = () => useQuery(venuesPageQueryOptions());

/** One venue by slug (none asked for while the slug is null). */
export const useVenue = (slug: string | null) =>
  useQuery({ ...venueQueryOptions(slug ?? ''), enabled: slug !== null });
