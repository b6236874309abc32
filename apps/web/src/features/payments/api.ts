import type {
  creditBalanceReply,
  creditTransactionsReply,
  ordersReply,
  receiptReply,
  updateSavedCardBody,
  CreditTransaction as WireCreditTransaction,
  Penalty as WirePenalty,
  SavedCard as WireSavedCard,
} from '@fieldhouse/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';
import type { OrderFilter } from './order-filter';

export type Penalty = Camel<WirePenalty>;
export type CreditBalance = Camel<z.infer<typeof creditBalanceReply>['data']>;
export type CreditTransaction = Camel<WireCreditTransaction>;
export type CreditHistory = Camel<z.infer<typeof creditTransactionsReply>['data']>;
export type CreditType = 'added' | 'spent';
export type OrderPage = Camel<z.infer<typeof ordersReply>['data']>;
export type OrderSummary = OrderPage['orders'][number];
type WireReceipt = z.infer<typeof receiptReply>['data'];
/** The update body is sent exactly as the contract spells it (address_line_1 has an underscore before the digit). */
export type UpdateSavedCardBody = z.input<typeof updateSavedCardBody>;

/** GET user/penalties: the caller's unpaid fees, newest first. */
export const penaltiesQueryOptions = queryOptions({
  queryKey: queryKeys.penalties,
  queryFn: ({ signal }) => api.get<WirePenalty[]>('user/penalties', { signal }),
});

/** GET credits/user: booking (general) and membership credit; expired credit does not count. */
export const creditBalanceQueryOptions = queryOptions({
  queryKey: queryKeys.creditBalance,
  queryFn: ({ signal }) => api.get<z.infer<typeof creditBalanceReply>['data']>('credits/user', { signal }),
});

/** GET credits/user/credit-transactions?type=added|spent (newest first) with 'Total added' / 'Total spent'. */
export const creditTransactionsQueryOptions = (type: CreditType) =>
  queryOptions({
    queryKey: queryKeys.creditTransactions(type),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof creditTransactionsReply>['data']>('credits/user/credit-transactions', {
        signal,
        query: { type },
      }),
  });

/** GET orders?from&to&page: inclusive venue-local days (either bound optional), a page of 20 with the totals. */
export const ordersQueryOptions = (filter: OrderFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.orders(filter.from, filter.to, page),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof ordersReply>['data']>('orders', {
        signal,
        query: { from: filter.from, to: filter.to, page },
      }),
    // The page shown stays while the next one loads (no spinner between pages).
    placeholderData: keepPreviousData,
  });

/** PUT my-account/saved-cards/:id/update with the billing details; answers the updated card. */
export function useUpdateSavedCard(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Keys are already snake_case (the client's codec leaves them as they are).
    mutationFn: (body: UpdateSavedCardBody) =>
      api.put<WireSavedCard>(`my-account/saved-cards/${cardId}/update`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}

/** DELETE my-account/saved-cards/:id/remove */
export function useDeleteSavedCard(cardId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`my-account/saved-cards/${cardId}/remove`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedCards }),
  });
}

/** base64 → bytes (atob gives a binary string). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves a file through a temporary object URL and a download link. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET my-account/orders/:uuid/receipt → { name, contents (base64 PDF) } → downloaded as a PDF named `name`. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async (orderUuid: string) => {
      const receipt = await api.get<WireReceipt>(
        `my-account/orders/${encodeURIComponent(orderUuid)}/receipt`,
      );
      const name = receipt.name.toLowerCase().endsWith('.pdf') ? receipt.name : `${receipt.name}.pdf`;
      saveFile(new Blob([base64ToBytes(receipt.contents)], { type: 'application/pdf' }), name);
      return name;
    },
  });
}
