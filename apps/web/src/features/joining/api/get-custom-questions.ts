import type { customQuestionsReply } from '@fieldhouse/contract';
import { getCustomQuestions } from '@fieldhouse/contract/routes/joining';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import type { Data } from './keys';

export type CustomQuestions = Camel<Data<typeof customQuestionsReply>>;

/** GET custom-questions/memberships/:id: the membership's questions (with the caller's saved answers). */
export const customQuestionsQueryOptions = (membershipTypeId: number, isLoggedIn: boolean) =>
  queryOptions({
    queryKey: ['joining', 'custom-questions', membershipTypeId, isLoggedIn ? 'user' : 'guest'] as const,
    queryFn: ({ signal }) => call(getCustomQuestions, { signal, params: { id: membershipTypeId } }),
  });
