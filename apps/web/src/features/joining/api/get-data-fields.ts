import type { dataFieldsReply } from '@fieldhouse/contract';
import { getDataFields } from '@fieldhouse/contract/routes/joining';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type Data, ONBOARDING_TYPE } from './keys';

export type DataForm = Camel<Data<typeof dataFieldsReply>>;

/** GET data-fields?onboarding_type=membership_purchase: the form's sections (with the caller's answers). */
export const dataFieldsQueryOptions = (isLoggedIn: boolean) =>
  queryOptions({
    queryKey: ['joining', 'data-fields', ONBOARDING_TYPE, isLoggedIn ? 'user' : 'guest'] as const,
    queryFn: ({ signal }) =>
      call(getDataFields, {
        signal,
        query: { onboardingType: ONBOARDING_TYPE },
      }),
    staleTime: isLoggedIn ? 30_000 : 5 * 60_000,
  });
