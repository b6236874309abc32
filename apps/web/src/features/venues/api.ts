import { useQuery } from '@tanstack/react-query';
import { venuesQueryOptions } from '../../lib/venues';

export const useVenues = () => useQuery(venuesQueryOptions);
