import type { changeCostsReply } from '@fieldhouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';
import type { Data } from './keys';

export type ChangeCosts = Camel<Data<typeof changeCostsReply>>;

/** GET memberships/:id/change/:paymentOptionId?startsAt: the change's window, costs and next payments. */
export const useChangeCosts = (
  membershipId: number,
  paymentOptionId: number | null,
  startsAt: string | null,
) =>
  useQuery({
    queryKey: ['joining', 'change', membershipId, 'costs', paymentOptionId ?? 0, startsAt ?? ''] as const,
    queryFn: ({ signal }) =>
      // The contract names this query parameter startsAt (camelCase on the wire): it goes in the path, where the
      // client's codec does not snake it (so not through `call`, whose query the codec snakes: decision 043).
      api.get<Data<typeof changeCostsReply>>(
        `memberships/${membershipId}/change/${paymentOptionId}${startsAt ? `?startsAt=${encodeURIComponent(startsAt)}` : ''}`,
        { signal },
      ),
    enabled: paymentOptionId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
