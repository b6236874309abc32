import { removeSavedCard } from '@fieldhouse/contract/routes/account-payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE my-account/saved-cards/:id/remove */
export function useDeleteSavedCard(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(removeSavedCard, { params: { id: cardId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}
