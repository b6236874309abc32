import type { customQuestionsReply } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { JourneyAnswers } from '../types';
import { customQuestionsQueryOptions } from './get-custom-questions';
import type { Data } from './keys';

/** POST custom-questions/memberships/:id: a logged-in member's answers. */
export function useSaveAnswers(membershipTypeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: JourneyAnswers) =>
      api.post<Data<typeof customQuestionsReply>>(`custom-questions/memberships/${membershipTypeId}`, {
        answers,
      }),
    onSuccess: (questions) =>
      queryClient.setQueryData(customQuestionsQueryOptions(membershipTypeId, true).queryKey, questions),
  });
}
