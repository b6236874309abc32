import type {
  changeCostsReply,
  changeReply,
  renewalDetailsReply,
  renewReply,
  Membership as WireMembership,
} from '@fieldhouse/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

type Data<T extends z.ZodType> = z.infer<T> extends { data: infer D } ? D : never;
export type ChangeCosts = Camel<Data<typeof changeCostsReply>>;
export type RenewalDetails = Camel<Data<typeof renewalDetailsReply>>;
export type ChangeResult = Camel<Data<typeof changeReply>>;

const changeKeys = {
  options: (membershipId: number) => ['joining', 'change', membershipId, 'options'] as const,
  costs: (membershipId: number, optionId: number, startsAt: string | null) =>
    ['joining', 'change', membershipId, 'costs', optionId, startsAt ?? ''] as const,
  renewal: (membershipId: number) => ['joining', 'renew', membershipId] as const,
};

/** GET memberships/:id/change: what the member's membership can change to (the joining list's shape). */
export const useChangeOptions = (membershipId: number | null) =>
  useQuery({
    queryKey: changeKeys.options(membershipId ?? 0),
    queryFn: ({ signal }) => api.get<WireMembership[]>(`memberships/${membershipId}/change`, { signal }),
    enabled: membershipId !== null,
    retry: false,
  });

/** GET memberships/:id/change/:paymentOptionId?startsAt: the change's window, costs and next payments. */
export const useChangeCosts = (
  membershipId: number,
  paymentOptionId: number | null,
  startsAt: string | null,
) =>
  useQuery({
    queryKey: changeKeys.costs(membershipId, paymentOptionId ?? 0, startsAt),
    queryFn: ({ signal }) =>
      // The contract names this query parameter startsAt (camelCase on the wire): it goes in the path, where the
      // client's codec does not snake it.
      api.get<Data<typeof changeCostsReply>>(
        `memberships/${membershipId}/change/${paymentOptionId}${startsAt ? `?startsAt=${encodeURIComponent(startsAt)}` : ''}`,
        { signal },
      ),
    enabled: paymentOptionId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST memberships/:id/change {starts_at, payment_option_id} → order (nothing to pay) or basket. */
export function useSubmitChange(membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; paymentOptionId: number }) =>
      api.post<Data<typeof changeReply>>(`memberships/${membershipId}/change`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accountMemberships }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      ]),
  });
}

/** GET memberships/:id/renew: what renewing gives and costs (404 'No membership found'). */
export const useRenewalDetails = (membershipId: number | null) =>
  useQuery({
    queryKey: changeKeys.renewal(membershipId ?? 0),
    queryFn: ({ signal }) =>
      api.get<Data<typeof renewalDetailsReply>>(`memberships/${membershipId}/renew`, { signal }),
    enabled: membershipId !== null,
    retry: false,
  });

/** POST memberships/:id/renew: adds the renewal to the basket (200). */
export function useSubmitRenewal(membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Data<typeof renewReply>>(`memberships/${membershipId}/renew`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
