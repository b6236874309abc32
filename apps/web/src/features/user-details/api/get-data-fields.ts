import type { dataFieldsReply } from '@fieldhouse/contract';
import { getDataFields } from '@fieldhouse/contract/routes/joining';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

/** Query options and mutations of /user-details: the data-field form and the password change. */

export type WireDataForm = z.infer<typeof dataFieldsReply>['data'];
export type DataForm = Camel<WireDataForm>;

export const ONBOARDING_TYPE = 'customer_account_online';
export const dataFieldsKey = ['user-details', 'data-fields', ONBOARDING_TYPE] as const;

/** GET data-fields?onboarding_type=customer_account_online: the sections with the caller's answers. */
export const accountDataFieldsQueryOptions = queryOptions({
  queryKey: dataFieldsKey,
  queryFn: ({ signal }) => call(getDataFields, { signal, query: { onboardingType: ONBOARDING_TYPE } }),
  staleTime: 30_000,
});
