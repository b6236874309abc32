import { getSessionChoice, makeSessionChoice } from '@fieldhouse/contract/routes/programme-changes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

const choiceKey = (token: string) => ['session-choice', token] as const;

/** GET session-choices/:token: what a keep-or-cancel link from a 'Changed' mail is about (decision 075). */
export const useSessionChoice = (token: string) =>
  useQuery({
    queryKey: choiceKey(token),
    queryFn: ({ signal }) => call(getSessionChoice, { signal, params: { token }, allowUnauthorised: true }),
    retry: false,
  });

/** POST session-choices/:token: keep the place or cancel with a full refund; the link works once. */
export function useMakeSessionChoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: 'keep' | 'cancel') =>
      call(makeSessionChoice, { params: { token }, body: { choice }, allowUnauthorised: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
