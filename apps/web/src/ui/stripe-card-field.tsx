import { CARD_DECLINED_MESSAGE } from '@fieldhouse/contract/payments';
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { CARD_PROVIDER_TEXTS, CARD_TEXTS } from '@fieldhouse/contract/texts/payments';
import type { Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type CardHolder, cardFormError, type StripeCard } from '../lib/card-provider';
import { Spinner } from './spinner';

/** The plain decline, word for word as the server words a declined charge (decision 036). */
const DECLINED = CARD_DECLINED_MESSAGE;

const FIELD_CODES: Record<string, string> = {
  incomplete_number: CARD_TEXTS.number,
  invalid_number: CARD_TEXTS.number,
  incorrect_number: CARD_TEXTS.number,
  incomplete_expiry: CARD_TEXTS.expiry,
  invalid_expiry_month: CARD_TEXTS.expiry,
  invalid_expiry_year: CARD_TEXTS.expiry,
  invalid_expiry_month_past: CARD_TEXTS.expiry,
  invalid_expiry_year_past: CARD_TEXTS.expiry,
  expired_card: CARD_TEXTS.expiry,
  incomplete_cvc: CARD_TEXTS.securityCode,
  invalid_cvc: CARD_TEXTS.securityCode,
  incorrect_cvc: CARD_TEXTS.securityCode,
};

/**
 * The text for a Stripe.js error: the card form's own words for a field Stripe found wrong, the house's decline for a
 * decline or a failed 3-D Secure (`nextAction`), otherwise the checkout's 'Unable to complete your order'.
 */
export function stripeErrorText(error: StripeError, stage: 'card' | 'nextAction'): string {
  const field = error.code ? FIELD_CODES[error.code] : undefined;
  if (field) return field;
  if (error.type === 'card_error') return DECLINED;
  if (stage === 'nextAction' && error.code === 'payment_intent_authentication_failure') return DECLINED;
  if (error.type === 'validation_error' && error.message) return error.message;
  return BASKET_TEXTS.paymentFailed;
}

/** The card while Stripe.js cannot load: every call refuses with the form's text, nothing is sent. */
const UNAVAILABLE: StripeCard = {
  createPaymentMethod: () => Promise.reject(cardFormError(CARD_PROVIDER_TEXTS.unavailable)),
  handleNextAction: () => Promise.reject(cardFormError(CARD_PROVIDER_TEXTS.unavailable)),
};

/** Stripe.js from https://js.stripe.com/v3 (once per page: the loader keeps it); null when it cannot load. */
const stripeQueryOptions = (publishableKey: string | null) => ({
  queryKey: ['stripe-js', publishableKey] as const,
  queryFn: async (): Promise<Stripe> => {
    if (!publishableKey) throw new Error('No publishable key');
    const stripe = await loadStripe(publishableKey);
    if (!stripe) throw new Error('Stripe.js is not available');
    return stripe;
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/**
 * Stripe's Payment Element (cards only) in place of the sandbox's card number, expiry and security code fields, for
 * the member checkout and the desk (decision 038). Loaded lazily (ui/card-fields `StripeCardField`), so no page that
 * does not show it carries Stripe.js or this code. Deferred intent: the element knows the amount (pence, GBP) but no
 * PaymentIntent; `createPaymentMethod` makes the `pm_…` the checkout charges, with the cardholder and billing address
 * typed in our own fields (Stripe's element asks for none of them). `onReady` hands the form the card once Stripe's
 * fields are mounted, and null while they are not.
 */
export default function StripeCardField({
  publishableKey,
  amount,
  saveCard = false,
  onReady,
}: {
  publishableKey: string | null;
  /** What the card pays, pence. */
  amount: number;
  /** 'Save this card for next time' is ticked: the card is set up for later payments as it is charged. */
  saveCard?: boolean;
  onReady: (card: StripeCard | null) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const stripe = useQuery(stripeQueryOptions(publishableKey));
  const [isMounted, setMounted] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  // The amount and the saving at the time the element is made; later changes go through elements.update below.
  const initial = useRef({ amount, saveCard });

  useEffect(() => {
    const loaded = stripe.data;
    const node = mountRef.current;
    if (!loaded || !node) return;
    const elements = loaded.elements({
      mode: 'payment',
      amount: initial.current.amount,
      currency: 'gbp',
      allowedPaymentMethodTypes: ['card'],
      paymentMethodCreation: 'manual',
      setupFutureUsage: initial.current.saveCard ? 'off_session' : null,
      locale: 'en-GB',
      appearance: { theme: 'stripe' },
    });
    const element = elements.create('payment', {
      // The cardholder's name and billing address are our own fields (they fill the saved card's details too).
      fields: { billingDetails: { name: 'never', address: 'never' } },
      // Apple Pay and Google Pay where the browser and device offer them: their PaymentMethods are cards too.
      wallets: { applePay: 'auto', googlePay: 'auto' },
    });
    elementsRef.current = elements;
    element.on('ready', () => {
      setMounted(true);
      onReadyRef.current({
        createPaymentMethod: async (holder: CardHolder) => {
          const submitted = await elements.submit();
          if (submitted.error) throw cardFormError(stripeErrorText(submitted.error, 'card'));
          const result = await loaded.createPaymentMethod({
            elements,
            params: {
              billing_details: {
                name: holder.cardholderName.trim(),
                address: {
                  line1: holder.billingAddressLineOne.trim(),
                  line2: holder.billingAddressLineTwo?.trim() ?? '',
                  city: holder.billingCity.trim(),
                  state: '',
                  postal_code: holder.billingPostcode.trim().toUpperCase(),
                  country: 'GB',
                },
              },
            },
          });
          if (result.error) throw cardFormError(stripeErrorText(result.error, 'card'));
          return result.paymentMethod.id;
        },
        handleNextAction: async (clientSecret: string) => {
          const result = await loaded.handleNextAction({ clientSecret });
          if (result.error) throw cardFormError(stripeErrorText(result.error, 'nextAction'));
        },
      });
    });
    element.on('loaderror', () => setLoadFailed(true));
    element.mount(node);
    return () => {
      onReadyRef.current(null);
      elementsRef.current = null;
      setMounted(false);
      element.destroy();
    };
  }, [stripe.data]);

  useEffect(() => {
    if (amount > 0) void elementsRef.current?.update({ amount });
  }, [amount]);
  useEffect(() => {
    void elementsRef.current?.update({ setupFutureUsage: saveCard ? 'off_session' : null });
  }, [saveCard]);

  const isUnavailable = stripe.isError || loadFailed;
  // Pay then says what the form says: Stripe.js is not there (rather than 'still loading').
  useEffect(() => {
    if (isUnavailable) onReadyRef.current(UNAVAILABLE);
  }, [isUnavailable]);
  return (
    <fieldset className="stripe-card">
      <legend className="field__label">Card number, expiry date and security code</legend>
      {!isMounted && !isUnavailable && <Spinner label="Loading the card form" />}
      <div ref={mountRef} className="stripe-card__element" hidden={isUnavailable} />
      {isUnavailable && (
        <p className="field__error" role="alert">
          {CARD_PROVIDER_TEXTS.unavailable}
        </p>
      )}
    </fieldset>
  );
}
