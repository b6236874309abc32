import type { SavedCard as WireSavedCard } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { UpdateSavedCardBody } from './types';

/** PUT my-account/saved-cards/:id/update with the billing details; answers the updated card. */
export function useUpdateSavedCard(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Keys are already snake_case (the client's codec leaves them as they are). Not through `call` (decision 043):
    // its camelCase body would give `addressLine1`, which the codec sends as `address_line1`, not `address_line_1`.
    mutationFn: (body: UpdateSavedCardBody) =>
      api.put<WireSavedCard>(`my-account/saved-cards/${cardId}/update`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}
