import type { checkoutReply } from '@fieldhouse/contract';
import {
  addToDeskBasket,
  getDeskBasket,
  payDeskBasket,
  removeFromDeskBasket,
  setDeskBasketPayments,
} from '@fieldhouse/contract/routes/staff-desk-basket';
import type { deskPayBody } from '@fieldhouse/contract/staff-desk-basket';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { CARD_PROVIDER_TEXTS } from '@fieldhouse/contract/texts/payments';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Cart } from '../../../api/get-cart';
import { type Camel, call } from '../../../lib/api/client';
import {
  answerChallenge,
  type CardDetails,
  cardFormError,
  type StripeCard,
  tokeniseCard,
} from '../../../lib/card-provider';
import { readDeskTill } from '../../../lib/desk-till';
import { queryKeys } from '../../../lib/query-keys';
import { deskCustomerQueryKey } from './get-desk-customer';

/** How the desk takes a payment: an offline tender, or a card through the card provider. */
export type DeskTender = 'cash' | 'cheque' | 'offline-voucher' | 'card';

export const deskBasketQueryKey = (customerId: number) => ['staff', 'desk', 'basket', customerId] as const;

/** GET staff/desk/customers/:id/basket: the customer's own open basket, worked by the desk. */
export const deskBasketQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: deskBasketQueryKey(customerId),
    queryFn: ({ signal }) => call(getDeskBasket, { params: { id: customerId }, signal }),
  });

export const useDeskBasket = (customerId: number) => useQuery(deskBasketQueryOptions(customerId));

/** Basket writes answer with the basket: stored as it is, and the timetable's places reload. */
function useBasketWrite<I>(customerId: number, write: (input: I) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (cart) => {
      queryClient.setQueryData(deskBasketQueryKey(customerId), cart);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}

/** POST …/basket/add: one session (its id, type 'activity'). */
export const useAddSessionToBasket = (customerId: number) =>
  useBasketWrite(customerId, (sessionId: number) =>
    call(addToDeskBasket, {
      params: { id: customerId },
      body: { items: [{ id: sessionId, type: 'activity' }] },
    }),
  );

/** POST …/basket/remove: one line; the desk's tenders go with it (as on the member's basket). */
export const useRemoveFromBasket = (customerId: number) =>
  useBasketWrite(customerId, async (cartItemId: number) => {
    const cart = await call(removeFromDeskBasket, {
      params: { id: customerId },
      body: { cartItemIds: [cartItemId] },
    });
    const kept = cart.payments
      .filter((p) => p.tenderType === 'credit')
      .map((p) => ({ tenderType: p.tenderType, amount: p.amount.raw }));
    if (kept.length === cart.payments.length) return cart;
    return call(setDeskBasketPayments, { params: { id: customerId }, body: { payments: kept } });
  });

export interface PayInput {
  tender: DeskTender;
  /** The card's details, typed at the desk (tender 'card'): tokenised by the card provider first. */
  card?: CardDetails;
  /**
   * With Stripe: its card fields (null while they are not ready), which make the token and run the bank's further
   * check in the page, where the customer answers it.
   */
  stripe?: StripeCard | null;
  /** Items whose waiver the customer agreed to at the desk. */
  completedWaivers: number[];
}

type PayReply = z.infer<typeof checkoutReply>['data'];
type PayBody = Camel<z.input<typeof deskPayBody>>;
export interface PayResult {
  reply: Camel<PayReply>;
  cart: Cart;
  /** What was sent: a card payment that needs the bank's further check is sent again with its payment intent. */
  body: PayBody;
}

/**
 * Takes the desk's payment and completes the basket: PUT …/basket/payments puts the tender against what is left to
 * pay (credit already applied stays; a card pays the rest itself), then POST …/pay completes that basket version
 * (front of house; a retry of the same version returns the same order and charges once). A card is tokenised by
 * the provider first, before anything is sent; its reply may ask for the bank's further check (`requires_action`):
 * with the sandbox answered with `useContinueDeskCardPayment`, with Stripe run here by Stripe.js
 * (`handleNextAction`, the customer answers in its frame) and the basket paid again with the payment intent. A
 * Stripe.js refusal rejects with its text (`cardFormErrorText`). The customer view reloads with the new booking and
 * order.
 */
export function usePayDeskBasket(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tender, card, stripe, completedWaivers }: PayInput): Promise<PayResult> => {
      // The card first: a card Stripe.js refuses sends nothing to our server.
      let token: string | undefined;
      if (tender === 'card') {
        if (!card) throw new Error('Card details are missing.');
        if (stripe === undefined) token = (await tokeniseCard(card)).token;
        else if (!stripe) throw cardFormError(CARD_PROVIDER_TEXTS.loading);
        else token = await stripe.createPaymentMethod(card);
      }
      const till = readDeskTill();
      const current = await call(getDeskBasket, { params: { id: customerId } });
      const credit = current.payments
        .filter((p) => p.tenderType === 'credit')
        .map((p) => ({ tenderType: p.tenderType, amount: p.amount.raw }));
      const rest = current.totals.total.raw - current.totals.creditApplied.raw;
      const payments =
        rest > 0 && tender !== 'card' ? [...credit, { tenderType: tender, amount: rest }] : credit;
      const cart = await call(setDeskBasketPayments, { params: { id: customerId }, body: { payments } });
      queryClient.setQueryData(deskBasketQueryKey(customerId), cart);
      const toPay = cart.totals.total.raw - cart.totals.creditApplied.raw;
      let paymentMethod: PayBody['paymentMethod'];
      if (token && toPay > 0) paymentMethod = { type: 'token', token, saveCard: false };
      const body: PayBody = {
        terms: true,
        source: 'front-of-house',
        cartVersion: cart.version,
        cartId: cart.id,
        payments: cart.payments.map((p) => ({ tenderType: p.tenderType, amount: p.amount.raw })),
        completedWaivers,
        paymentMethod,
        // Cash, cheques and vouchers go into this device's till, when it has one (decision 083).
        ...(tender !== 'card' && till ? { tillId: till.id } : {}),
      };
      const reply = await call(payDeskBasket, { params: { id: customerId }, body });
      if (reply.status !== 'requires_action' || !stripe) return { reply, cart, body };
      await stripe.handleNextAction(reply.challengeId);
      const again = { ...body, paymentIntentId: reply.paymentIntentId };
      const next = await call(payDeskBasket, { params: { id: customerId }, body: again });
      // Asked again after a check that passed: stop rather than loop.
      if (next.status !== 'completed') throw new Error(BASKET_TEXTS.paymentFailed);
      return { reply: next, cart, body: again };
    },
    onSettled: () => invalidateDesk(queryClient, customerId),
  });
}

/**
 * The bank's further check for a card taken at the desk (sandbox: approve or decline on the customer's behalf, as
 * their banking app would), then the same payment again with its payment intent. A declined check fails with the
 * checkout's words.
 */
export function useContinueDeskCardPayment(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      challengeId,
      paymentIntentId,
      approve,
      previous,
    }: {
      challengeId: string;
      paymentIntentId: string;
      approve: boolean;
      previous: PayResult;
    }): Promise<PayResult> => {
      const answer = await answerChallenge(challengeId, approve);
      if (answer.status !== 'succeeded') throw new Error(BASKET_TEXTS.paymentFailed);
      const body = { ...previous.body, paymentIntentId };
      const reply = await call(payDeskBasket, { params: { id: customerId }, body });
      return { reply, cart: previous.cart, body };
    },
    onSettled: () => invalidateDesk(queryClient, customerId),
  });
}

function invalidateDesk(queryClient: QueryClient, customerId: number) {
  void queryClient.invalidateQueries({ queryKey: deskBasketQueryKey(customerId) });
  void queryClient.invalidateQueries({ queryKey: deskCustomerQueryKey(customerId) });
  // What the customer may buy changes once they hold what they paid for (desk-sales.ts's keys).
  void queryClient.invalidateQueries({ queryKey: ['staff', 'desk', 'sales', customerId] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
}
