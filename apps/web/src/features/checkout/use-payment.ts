import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/client';
import type { FieldErrors } from '../../lib/api/errors';
import type { Cart } from '../../lib/cart';
import type { OfflinePayment } from '../../lib/offline-payments';
import { queryKeys } from '../../lib/query-keys';
import { TOAST_DURATION, toast } from '../../lib/toast';
import {
  answerChallenge,
  type CardDetails,
  type CheckoutReply,
  type CheckoutRequest,
  completeCheckout,
  tokeniseCard,
} from './api';

export type CheckoutSource = CheckoutRequest['source'];

export interface PaymentInput {
  payments: OfflinePayment[];
  completedWaivers: number[];
  terms: boolean;
  /** How the card pays what is left: a new card (tokenised first), a saved card, or nothing to pay. */
  method:
    | { kind: 'new'; card: CardDetails; saveCard: boolean }
    | { kind: 'saved'; savedCardId: number }
    | null;
}

export type PaymentPhase =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'challenge'; message: string; challengeId: string; isAnswering: boolean };

/** The text to show for a failed payment: the server's message, or the spec's fallback. */
export function paymentFailureText(error: unknown): string {
  if (!isApiError(error)) return BASKET_TEXTS.paymentFailed;
  if (error.status === 419) return error.message;
  return error.serverMessage || BASKET_TEXTS.paymentFailed;
}

/**
 * Card payment: tokenise → POST checkout/complete → (further check → approve/decline → complete again
 * with the payment intent) → 'Order completed Successfully.' and /booking-confirmed/{orderId}.
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

  const handle = (reply: CheckoutReply, body: CheckoutRequest) => {
    if (reply.status === 'completed') {
      succeed(reply.orderId);
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
      if (input.method?.kind === 'new') {
        const token = await tokeniseCard(input.method.card);
        paymentMethod = { type: 'token', token: token.token, saveCard: input.method.saveCard };
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
      handle(await completeCheckout(body), body);
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
      handle(await completeCheckout({ ...body, paymentIntentId }), body);
    } catch (failure) {
      fail(failure);
    }
  };

  return { phase, error, pay, answer, isProcessing: phase.kind !== 'idle' };
}
