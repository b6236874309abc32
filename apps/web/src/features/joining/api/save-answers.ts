import { saveCustomQuestionAnswers } from '@fieldhouse/contract/routes/joining';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import type { JourneyAnswers } from '../types';
import { customQuestionsQueryOptions } from './get-custom-questions';

/** POST custom-questions/memberships/:id: a logged-in member's answers. */
export function useSaveAnswers(membershipTypeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: JourneyAnswers) =>
      call(saveCustomQuestionAnswers, { params: { id: membershipTypeId }, body: { answers } }),
    onSuccess: (questions) =>
      queryClient.setQueryData(customQuestionsQueryOptions(membershipTypeId, true).queryKey, questions),
  });
}
