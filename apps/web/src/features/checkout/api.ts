import type {
  CheckoutBody,
  challengeReply,
  checkoutReply,
  sandboxTokenBody,
  sandboxTokenReply,
  termsItem,
  Cart as WireCart,
} from '@fieldhouse/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../lib/api/client';
import { storeCart } from '../../lib/cart';
import type { OfflinePayment } from '../../lib/offline-payments';
import { queryKeys } from '../../lib/query-keys';

export type TermsItem = Camel<z.infer<typeof termsItem>>;
export type CheckoutRequest = Camel<CheckoutBody>;
type WireCheckoutReply = z.infer<typeof checkoutReply>['data'];
export type CheckoutReply = Camel<WireCheckoutReply>;
type WireToken = z.infer<typeof sandboxTokenReply>['data'];

/** GET terms?cart_id: the terms the customer must accept for this basket (none → no checkbox). */
export const termsQueryOptions = (cartId: number) =>
  queryOptions({
    queryKey: queryKeys.terms(cartId),
    queryFn: ({ signal }) => api.get<z.infer<typeof termsItem>[]>('terms', { signal, query: { cartId } }),
    staleTime: 5 * 60_000,
  });

/** Download link of the order's calendar file (text/calendar). */
export const calendarHref = (orderId: number): string => `/api/orders/${orderId}/calendar.ics`;

/** PUT cart/payments: credit (and front-of-house tenders); the reply is the repriced cart. */
export function useSetCartPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payments: OfflinePayment[]) => api.put<WireCart>('cart/payments', { payments }),
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}

/** Card and billing details as the provider takes them (contract sandboxTokenBody). */
export type CardDetails = Camel<z.input<typeof sandboxTokenBody>>;

/** POST payments/sandbox/tokens: the sandbox provider's stand-in for a provider's card SDK. */
export const tokeniseCard = (card: CardDetails) => api.post<WireToken>('payments/sandbox/tokens', card);

/** POST checkout/complete (online, kiosk) or POST pay (front-of-house). */
export const completeCheckout = (body: CheckoutRequest) =>
  api.post<WireCheckoutReply>(body.source === 'front-of-house' ? 'pay' : 'checkout/complete', body);

/** POST payments/sandbox/challenges/:id {approve}: the sandbox's stand-in for the bank's further check. */
export const answerChallenge = (challengeId: string, approve: boolean) =>
  api.post<z.infer<typeof challengeReply>['data']>(
    `payments/sandbox/challenges/${encodeURIComponent(challengeId)}`,
    { approve },
  );
