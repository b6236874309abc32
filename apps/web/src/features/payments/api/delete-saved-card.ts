import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE my-account/saved-cards/:id/remove */
export function useDeleteSavedCard(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`my-account/saved-cards/${cardId}/remove`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}
