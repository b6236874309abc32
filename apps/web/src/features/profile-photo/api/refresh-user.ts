import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** Any change to the photo reloads the user (its profilePhoto drives the dashboard). */
export const useRefreshUser = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.user });
};
