import { useQuery } from '@tanstack/react-query';
import { venuesQueryOptions } from '../../../api/get-venues';

export const useVenues = () => useQuery(venuesQueryOptions);
