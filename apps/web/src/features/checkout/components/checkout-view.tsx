import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { Cart } from '../../../api/get-cart';
import { savedCardsQueryOptions } from '../../../api/get-saved-cards';
import { serverMessageOr } from '../../../lib/api/client';
import { cardProvider, type StripeCard } from '../../../lib/card-provider';
import { type CardInput, emptyCard } from '../../../lib/card-rules';
import { zodResolver } from '../../../lib/form-resolver';
import { formatMoney } from '../../../lib/format';
import { fromCartPayments, type OfflinePayment, offlinePaymentsReducer } from '../../../lib/offline-payments';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { CardFields, StripeCardField, TestCards } from '../../../ui/card-fields';
import { Spinner } from '../../../ui/spinner';
import { CheckboxField } from '../../../ui/text-field';
import { Totals } from '../../../ui/totals';
import { termsQueryOptions } from '../api/get-terms';
import { useSetCartPayments } from '../api/set-cart-payments';
import { type CheckoutSource, usePayment } from '../hooks/use-payment';
import {
  type CheckoutInput,
  type CheckoutOutput,
  type CheckoutRules,
  checkoutSchema,
} from '../rules/card-schema';
import { CreditOption } from './credit-option';
import { OfflineTenders } from './offline-tenders';
import { OrderSummary } from './order-summary';
import '../checkout.css';

const ChallengeModal = lazy(() => import('./challenge-modal'));
const TermsModal = lazy(() => import('../../../ui/terms-modal'));

const waiverKey = (cartItemId: number) => `w${cartItemId}`;

/**
 * /basket/checkout: order summary, credit, attendee waivers, card payment (new or saved card), terms
 * and the Pay button. Shows the basket it pays for; a changed basket is refused by the server (409).
 */
export function CheckoutView({
  cart,
  source,
  isDemo,
}: {
  cart: Cart;
  source: CheckoutSource;
  isDemo: boolean;
}) {
  const totalToPay = cart.totals.totalToPay.raw;
  const needsPayment = totalToPay > 0;
  const terms = useQuery(termsQueryOptions(cart.id));
  const termsItems = terms.data ?? [];
  const hasTerms = termsItems.length > 0;
  const savedCards = useQuery({ ...savedCardsQueryOptions, enabled: needsPayment });
  const savedCard = savedCards.data?.find((card) => !card.expired) ?? null;
  // Until the saved cards are known, no card form: it would vanish under the member's fingers when a saved card
  // arrives and is offered first.
  const isLoadingSavedCards = needsPayment && savedCards.isPending;
  const [isTermsOpen, setTermsOpen] = useState(false);
  // With Stripe, its own fields take the card (loaded only once the new card form shows: decision 038).
  const { isStripe, publishableKey } = cardProvider();
  const [stripeCard, setStripeCard] = useState<StripeCard | null>(null);

  // Offline payments: local reducer state, re-synced with the server's credit whenever the cart changes.
  const [payments, dispatch] = useReducer(offlinePaymentsReducer, cart.payments, fromCartPayments);
  const serverPayments = JSON.stringify(cart.payments);
  useEffect(() => {
    dispatch({ type: 'sync', serverPayments: fromCartPayments(JSON.parse(serverPayments)) });
  }, [serverPayments]);
  const setCartPayments = useSetCartPayments();
  const applyPayment = (payment: OfflinePayment) => {
    const next = offlinePaymentsReducer(payments, { type: 'add', payment });
    dispatch({ type: 'add', payment });
    setCartPayments.mutate(next, {
      onError: (error) => {
        toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), {
          duration: TOAST_DURATION.default,
        });
        dispatch({ type: 'sync', serverPayments: fromCartPayments(cart.payments) });
      },
    });
  };

  const waiverItems = useMemo(() => {
    if (!cart.attendeeWaiversRequired) return [];
    const flagged = cart.items.filter((item) => item.cartableResource.requiresWaiver);
    return flagged.length > 0 ? flagged : cart.items.filter((item) => item.cartableType === 'activity');
  }, [cart]);

  const rules = useRef<CheckoutRules>({ isTermsRequired: false, waivers: {}, isNewCard: false });
  const resolver: Resolver<CheckoutInput, unknown, CheckoutOutput> = (values, context, options) =>
    zodResolver(checkoutSchema(rules.current))(values, context, options);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<CheckoutInput, unknown, CheckoutOutput>({
    resolver,
    defaultValues: {
      termsAccepted: false,
      waivers: {},
      paymentChoice: 'new',
      saveCard: false,
      // The billing name and address just given for a new membership's direct debit: not asked twice.
      card: cart.billingPrefill
        ? {
            ...emptyCard,
            billingFirstName: cart.billingPrefill.firstName,
            billingLastName: cart.billingPrefill.lastName,
            billingAddressLineOne: cart.billingPrefill.addressLineOne,
            billingAddressLineTwo: cart.billingPrefill.addressLineTwo ?? '',
            billingCity: cart.billingPrefill.city,
            billingPostcode: cart.billingPrefill.postcode,
          }
        : emptyCard,
    },
  });
  const paymentChoice = watch('paymentChoice');
  const isNewCard = needsPayment && !isLoadingSavedCards && (paymentChoice === 'new' || !savedCard);
  rules.current = {
    isTermsRequired: hasTerms,
    waivers: Object.fromEntries(waiverItems.map((item) => [waiverKey(item.id), item.name])),
    isNewCard,
    isStripe,
  };

  // Offer the saved card first once it is known.
  const savedCardId = savedCard?.id;
  useEffect(() => {
    if (savedCardId !== undefined) setValue('paymentChoice', 'saved');
  }, [savedCardId, setValue]);

  const payment = usePayment({
    cart,
    source,
    onFieldErrors: (fieldErrors) => {
      for (const [field, messages] of Object.entries(fieldErrors))
        if (field in emptyCard && messages[0])
          setError(`card.${field as keyof CardInput}`, { message: messages[0] });
    },
  });

  const onSubmit = handleSubmit((values) =>
    payment.pay({
      payments,
      completedWaivers: waiverItems.map((item) => item.id),
      terms: hasTerms ? values.termsAccepted : true,
      method: !needsPayment
        ? null
        : isNewCard || !savedCard
          ? {
              kind: 'new',
              card: values.card,
              saveCard: values.saveCard,
              ...(isStripe ? { stripe: stripeCard } : {}),
            }
          : { kind: 'saved', savedCardId: savedCard.id },
    }),
  );

  const isBusy = payment.isProcessing;
  const buttonText = isBusy
    ? 'Processing...'
    : needsPayment
      ? `Pay ${formatMoney(totalToPay)}`
      : 'Complete booking';

  return (
    <div className="checkout-layout">
      <form className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Checkout">
        <section className="card checkout-section" aria-labelledby="order-heading">
          <h2 id="order-heading">Your order</h2>
          <OrderSummary cart={cart} />
        </section>

        <CreditOption
          cart={cart}
          payments={payments}
          isPending={setCartPayments.isPending || isBusy}
          onApply={(amount) => applyPayment({ tenderType: 'credit', amount })}
        />

        {source === 'front-of-house' && <OfflineTenders payments={payments} onApply={applyPayment} />}

        {waiverItems.length > 0 && (
          <section className="card checkout-section" aria-labelledby="waivers-heading">
            <h2 id="waivers-heading">Waivers</h2>
            <p>These activities need a signed waiver for each attendee.</p>
            {waiverItems.map((item) => (
              <CheckboxField
                key={item.id}
                label={`I have read and accept the waiver for ${item.name}`}
                required
                error={errors.waivers?.[waiverKey(item.id)]?.message}
                {...register(`waivers.${waiverKey(item.id)}`)}
              />
            ))}
          </section>
        )}

        {needsPayment && (
          <section className="card checkout-section" aria-labelledby="payment-heading">
            <h2 id="payment-heading">Payment</h2>
            {isLoadingSavedCards && <Spinner label="Loading your saved cards" />}
            {savedCard && (
              <fieldset className="fieldset payment-choice">
                <legend>How would you like to pay?</legend>
                <div className="field field--checkbox">
                  <input
                    id="pay-saved"
                    type="radio"
                    value="saved"
                    aria-describedby="saved-card-text"
                    {...register('paymentChoice')}
                  />
                  <label htmlFor="pay-saved">Use saved card</label>
                  <p id="saved-card-text" className="payment-choice__card">
                    {savedCard.brand} ending in {savedCard.lastFourDigits}{' '}
                    <span className="muted">(expires {savedCard.expiryDate})</span>
                  </p>
                </div>
                <div className="field field--checkbox">
                  <input id="pay-new" type="radio" value="new" {...register('paymentChoice')} />
                  <label htmlFor="pay-new">Use a new card</label>
                </div>
              </fieldset>
            )}
            {isNewCard && (
              <>
                {isDemo && !isStripe && <TestCards />}
                <CardFields
                  register={register}
                  errors={errors.card}
                  offerToSave
                  cardElement={
                    isStripe ? (
                      <Suspense fallback={null}>
                        <StripeCardField
                          publishableKey={publishableKey}
                          amount={totalToPay}
                          saveCard={watch('saveCard')}
                          onReady={setStripeCard}
                        />
                      </Suspense>
                    ) : undefined
                  }
                />
              </>
            )}
          </section>
        )}

        {hasTerms && (
          <section className="card checkout-section" aria-labelledby="terms-heading">
            <h2 id="terms-heading">Terms and Conditions</h2>
            <CheckboxField
              label="I agree to the Terms and Conditions"
              error={errors.termsAccepted?.message}
              {...register('termsAccepted')}
            />
            <Button variant="text" onClick={() => setTermsOpen(true)}>
              Read the Terms and Conditions
            </Button>
          </section>
        )}

        {payment.error && (
          <p className="checkout-error" role="alert">
            {payment.error}
          </p>
        )}

        <div className="checkout-submit">
          <Button
            type="submit"
            className="checkout-submit__button"
            disabled={isBusy || terms.isPending || isLoadingSavedCards || setCartPayments.isPending}
            aria-busy={isBusy || undefined}
          >
            {isBusy && <span className="btn__spinner" aria-hidden="true" />}
            {buttonText}
          </Button>
        </div>
      </form>

      <aside className="card checkout-summary" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Summary</h2>
        <p className="muted">
          {cart.totals.itemCount} {cart.totals.itemCount === 1 ? 'item' : 'items'}
        </p>
        <Totals
          rows={[
            { label: 'Basket cost', value: formatMoney(cart.totals.basketCost.raw) },
            { label: 'Credit applied', value: formatMoney(cart.totals.creditApplied.raw) },
            { label: 'Total to pay', value: formatMoney(totalToPay), testId: 'checkout-total' },
          ]}
        />
      </aside>

      <Suspense fallback={null}>
        {payment.phase.kind === 'challenge' && (
          <ChallengeModal
            message={payment.phase.message}
            isAnswering={payment.phase.isAnswering}
            onAnswer={payment.answer}
          />
        )}
        {isTermsOpen && (
          <TermsModal title="Terms and Conditions" items={termsItems} onClose={() => setTermsOpen(false)} />
        )}
      </Suspense>
    </div>
  );
}
