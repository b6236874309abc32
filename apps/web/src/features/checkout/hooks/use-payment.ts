import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { CARD_PROVIDER_TEXTS } from '@fieldhouse/contract/texts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Cart } from '../../../api/get-cart';
import { isApiError } from '../../../lib/api/client';
import type { FieldErrors } from '../../../lib/api/errors';
import {
  answerChallenge,
  type CardDetails,
  cardFormError,
  cardFormErrorText,
  type StripeCard,
  tokeniseCard,
} from '../../../lib/card-provider';
import type { OfflinePayment } from '../../../lib/offline-payments';
import { queryKeys } from '../../../lib/query-keys';
import { useNavigate } from '../../../lib/router';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { type CheckoutReply, type CheckoutRequest, completeCheckout } from '../api/complete-checkout';

export type CheckoutSource = CheckoutRequest['source'];

export interface PaymentInput {
  payments: OfflinePayment[];
  completedWaivers: number[];
  terms: boolean;
  /**
   * How the card pays what is left: a new card (tokenised first: by the sandbox, or with `stripe` by Stripe.js, null
   * while its fields are not ready), a saved card, or nothing to pay.
   */
  method:
    | { kind: 'new'; card: CardDetails; saveCard: boolean; stripe?: StripeCard | null }
    | { kind: 'saved'; savedCardId: number }
    | null;
}

export type PaymentPhase =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'challenge'; message: string; challengeId: string; isAnswering: boolean };

/** The text to show for a failed payment: the server's message, or the spec's fallback. */
export function paymentFailureText(error: unknown): string {
  const cardText = cardFormErrorText(error);
  if (cardText) return cardText;
  if (!isApiError(error)) return BASKET_TEXTS.paymentFailed;
  if (error.status === 419) return error.message;
  return error.serverMessage || BASKET_TEXTS.paymentFailed;
}

/**
 * Card payment: tokenise → POST checkout/complete → (further check → approve/decline → complete again
 * with the payment intent) → 'Order completed Successfully.' and /booking-confirmed/{orderId}. With Stripe, Stripe.js
 * makes the token (`pm_…`) and runs the further check itself (`handleNextAction`, no modal of ours), then the same
 * completion with the payment intent; a Stripe.js refusal shows its text and sends nothing more.
 * One payment at a time (a ref, not state, so a double click cannot slip through); the basket version
 * shown is sent so a changed basket is refused rather than charged.
 */
export function usePayment({
  cart,
  source,
  onFieldErrors,
}: {
  cart: Cart;
  source: CheckoutSource;
  onFieldErrors?: (errors: FieldErrors) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isBusy = useRef(false);
  const pending = useRef<{ body: CheckoutRequest; paymentIntentId: string } | null>(null);
  const [phase, setPhase] = useState<PaymentPhase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);

  const succeed = (orderId: number) => {
    toast.success(BASKET_TEXTS.paymentSuccess, { duration: TOAST_DURATION.payment });
    navigate(`/booking-confirmed/${orderId}`);
    for (const queryKey of [
      queryKeys.cart,
      queryKeys.sessions,
      queryKeys.bookings,
      queryKeys.waitlist,
      queryKeys.user,
      queryKeys.credit,
    ])
      void queryClient.invalidateQueries({ queryKey });
  };

  const fail = (failure: unknown) => {
    isBusy.current = false;
    pending.current = null;
    setPhase({ kind: 'idle' });
    const text = paymentFailureText(failure);
    setError(text);
    toast.error(text, { duration: TOAST_DURATION.payment });
    if (isApiError(failure) && failure.status === 422 && onFieldErrors) onFieldErrors(failure.fieldErrors);
    // The basket stays as it was; show its current state (409: it changed).
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
  };

  const handle = async (reply: CheckoutReply, body: CheckoutRequest, stripe?: StripeCard) => {
    if (reply.status === 'completed') {
      succeed(reply.orderId);
      return;
    }
    if (stripe) {
      // 3-D Secure in Stripe's own frame; a failure rejects (the decline) and nothing more is sent.
      await stripe.handleNextAction(reply.challengeId);
      const again = { ...body, paymentIntentId: reply.paymentIntentId };
      const next = await completeCheckout(again);
      // Asked again after a check that passed: stop rather than loop ('Unable to complete your order').
      if (next.status !== 'completed') throw new Error(BASKET_TEXTS.paymentFailed);
      succeed(next.orderId);
      return;
    }
    pending.current = { body, paymentIntentId: reply.paymentIntentId };
    setPhase({
      kind: 'challenge',
      message: reply.message,
      challengeId: reply.challengeId,
      isAnswering: false,
    });
  };

  const pay = async (input: PaymentInput) => {
    if (isBusy.current) return;
    isBusy.current = true;
    setError(null);
    setPhase({ kind: 'processing' });
    try {
      let paymentMethod: CheckoutRequest['paymentMethod'];
      let stripe: StripeCard | undefined;
      if (input.method?.kind === 'new') {
        let token: string;
        if (input.method.stripe === undefined) token = (await tokeniseCard(input.method.card)).token;
        else {
          if (!input.method.stripe) throw cardFormError(CARD_PROVIDER_TEXTS.loading);
          stripe = input.method.stripe;
          token = await stripe.createPaymentMethod(input.method.card);
        }
        paymentMethod = { type: 'token', token, saveCard: input.method.saveCard };
      } else if (input.method?.kind === 'saved') {
        paymentMethod = { type: 'saved_card', savedCardId: input.method.savedCardId };
      }
      const body: CheckoutRequest = {
        completedWaivers: input.completedWaivers,
        payments: input.payments,
        selectedUserId: cart.selectedUserId,
        source,
        terms: input.terms,
        paymentMethod,
        cartVersion: cart.version,
        cartId: cart.id,
      };
      await handle(await completeCheckout(body), body, stripe);
    } catch (failure) {
      fail(failure);
    }
  };

  const answer = async (approve: boolean) => {
    if (phase.kind !== 'challenge' || phase.isAnswering || !pending.current) return;
    const { body, paymentIntentId } = pending.current;
    setPhase({ ...phase, isAnswering: true });
    try {
      const result = await answerChallenge(phase.challengeId, approve);
      if (result.status !== 'succeeded') {
        fail(null);
        return;
      }
      setPhase({ kind: 'processing' });
      await handle(await completeCheckout({ ...body, paymentIntentId }), body);
    } catch (failure) {
      fail(failure);
    }
  };

  return { phase, error, pay, answer, isProcessing: phase.kind !== 'idle' };
}
