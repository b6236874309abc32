import type {
  cancelInfoReply,
  cancelReply,
  documentUploadReply,
  freezePreviewReply,
  freezeReply,
  freezeTypesReply,
  AccountMembership as WireAccountMembership,
} from '@fieldhouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { cartQueryOptions } from '../../lib/cart';
import { addCartItems, refreshCart } from '../../lib/cart-actions';
import { queryKeys } from '../../lib/query-keys';

export type AccountMembership = Camel<WireAccountMembership>;
type Data<T extends z.ZodType> = z.infer<T> extends { data: infer D } ? D : never;
export type FreezeTypes = Camel<Data<typeof freezeTypesReply>>;
export type FreezeType = FreezeTypes['freezeTypes'][number];
export type FreezePreview = Camel<Data<typeof freezePreviewReply>>;
export type FreezeResult = Camel<Data<typeof freezeReply>>;
export type CancelInfo = Camel<Data<typeof cancelInfoReply>>;
export type CancelResult = Camel<Data<typeof cancelReply>>;

const managementKeys = {
  freezeTypes: (id: number) => ['membership-management', id, 'freeze-types'] as const,
  freezePreview: (id: number, typeId: number, activeFrom: string, months: number) =>
    ['membership-management', id, 'freeze-preview', typeId, activeFrom, months] as const,
  cancelInfo: (id: number) => ['membership-management', id, 'cancel-info'] as const,
};

/** GET my-account/user/memberships: sorted pending, active, frozen, then the rest (the server sorts). */
export const accountMembershipsQueryOptions = queryOptions({
  queryKey: queryKeys.accountMemberships,
  queryFn: ({ signal }) => api.get<WireAccountMembership[]>('my-account/user/memberships', { signal }),
});

/** The list reloads after a freeze (201), an upload (201) or a cancellation (200). */
const useReloadMemberships = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.accountMemberships }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    ]);
};

/** GET user/memberships/:id/freezetypes: reasons, their periods and proof, and the start date window. */
export const useFreezeTypes = (membershipId: number) =>
  useQuery({
    queryKey: managementKeys.freezeTypes(membershipId),
    queryFn: ({ signal }) =>
      api.get<Data<typeof freezeTypesReply>>(`user/memberships/${membershipId}/freezetypes`, { signal }),
    staleTime: 0,
  });

/** GET user/memberships/:id/freeze/preview: the payments the member makes while frozen. */
export const useFreezePreview = (
  membershipId: number,
  params: { freezeTypeId: number; activeFrom: string; months: number } | null,
) =>
  useQuery({
    queryKey: managementKeys.freezePreview(
      membershipId,
      params?.freezeTypeId ?? 0,
      params?.activeFrom ?? '',
      params?.months ?? 0,
    ),
    queryFn: ({ signal }) => {
      if (!params) throw new Error('Incomplete freeze');
      return api.get<Data<typeof freezePreviewReply>>(`user/memberships/${membershipId}/freeze/preview`, {
        signal,
        query: params,
      });
    },
    enabled: params !== null,
    retry: false,
  });

/** POST user/memberships/:id/freeze (multipart) → 201 with the request's summary. */
export function useFreezeMembership(membershipId: number) {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.post<Data<typeof freezeReply>>(`user/memberships/${membershipId}/freeze`, form),
    onSuccess: () => reload(),
  });
}

/** POST eligibility/document (multipart) → 201. */
export function useUploadDocument() {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: (form: FormData) => api.post<Data<typeof documentUploadReply>>('eligibility/document', form),
    onSuccess: () => reload(),
  });
}

/** GET memberships/:id/cancel: whether and how it can be cancelled, loaded each time the modal opens. */
export const useCancelInfo = (membershipId: number) =>
  useQuery({
    queryKey: managementKeys.cancelInfo(membershipId),
    queryFn: ({ signal }) =>
      api.get<Data<typeof cancelInfoReply>>(`memberships/${membershipId}/cancel`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** POST memberships/:id/cancel → 200 (with unpaid fees: recorded, and paying them cancels it). */
export function useCancelMembership(membershipId: number) {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: () => api.post<Data<typeof cancelReply>>(`memberships/${membershipId}/cancel`),
    onSuccess: () => reload(),
  });
}

/** Puts the unpaid fees in the basket (POST cart/add, type penalty) before leaving for the basket checkout. */
export function usePayFees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (penaltyIds: number[]) => {
      // Fees already ticked in the payments area are in the basket: add only the others.
      const cart = await queryClient.fetchQuery(cartQueryOptions);
      const inBasket = new Set(
        cart.items.filter((item) => item.cartableType === 'penalty').map((item) => item.cartableId),
      );
      const missing = penaltyIds.filter((id) => !inBasket.has(id));
      return missing.length > 0
        ? addCartItems(missing.map((id) => ({ id, type: 'penalty' as const })))
        : cart;
    },
    onSuccess: (reply) => refreshCart(queryClient, reply),
  });
}
