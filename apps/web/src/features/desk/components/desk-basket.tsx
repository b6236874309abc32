// The desk's basket for the customer in front of it: the lines, the tender (cash, cheque, voucher or card through the
// card provider), the waiver the customer accepts, and the bank's check when a card needs one.
import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Cart, CartItem } from '../../../api/get-cart';
import { serverMessageOr } from '../../../lib/api/client';
import {
  type CardDetails,
  cardFormErrorText,
  cardProvider,
  type StripeCard,
} from '../../../lib/card-provider';
import { type CardInput, cardHolderSchema, cardSchema, emptyCard } from '../../../lib/card-rules';
import { zodResolver } from '../../../lib/form-resolver';
import { formatMoney } from '../../../lib/format';
import { getSiteConfig } from '../../../lib/site-config';
import { Button } from '../../../ui/button';
import { CardFields, StripeCardField, TestCards } from '../../../ui/card-fields';
import { CheckboxField } from '../../../ui/text-field';
import { Totals } from '../../../ui/totals';
import {
  type DeskTender,
  type PayResult,
  useContinueDeskCardPayment,
  usePayDeskBasket,
} from '../api/desk-basket';
import { TENDER_LABELS } from '../rules/words';

const DESK_TENDERS = ['cash', 'cheque', 'offline-voucher', 'card'] as const satisfies readonly DeskTender[];

export interface Confirmation {
  orderId: number;
  items: { id: number; name: string; when: string | null; price: string }[];
  /** What the desk took, pence. */
  taken: number;
  tender: DeskTender;
  /** Sessions were booked (else the basket only sold, e.g. a membership: decision 076). */
  booked: boolean;
}

const whenOf = (item: CartItem) =>
  item.cartableResource.date && item.cartableResource.startsAt
    ? `${item.cartableResource.date.fullDatePretty}, ${item.cartableResource.startsAt.format24Hour}`
    : null;

interface BasketForm {
  tender: DeskTender;
  agreed: boolean;
  card: CardInput;
}

export function BasketPanel({
  customerId,
  cart,
  onRemove,
  removingId,
  onPaid,
}: {
  customerId: number;
  cart: Cart;
  onRemove: (item: CartItem) => void;
  removingId: number | null;
  onPaid: (confirmation: Confirmation) => void;
}) {
  const headingId = useId();
  const pay = usePayDeskBasket(customerId);
  const check = useContinueDeskCardPayment(customerId);
  const [pending, setPending] = useState<{ result: PayResult; tender: DeskTender } | null>(null);
  const waiverItems = cart.items.filter((item) => item.cartableResource.requiresWaiver);
  // With Stripe, its own fields take the card (loaded only once the card tender is chosen: decision 038).
  const { isStripe, publishableKey } = cardProvider();
  const [stripeCard, setStripeCard] = useState<StripeCard | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<BasketForm>({
    // The card's details are checked only when paying by card (the schema follows the chosen tender).
    resolver: (values, context, options) =>
      (
        zodResolver(
          basketSchema(
            waiverItems.length > 0,
            values.tender === 'card' ? (isStripe ? 'holder' : 'card') : null,
          ),
        ) as Resolver<BasketForm>
      )(values, context, options),
    defaultValues: { tender: 'cash', agreed: false, card: emptyCard },
  });
  const tender = watch('tender');
  const toPay = cart.totals.total.raw - cart.totals.creditApplied.raw;
  const problems = cart.items.flatMap((item) => (item.problem ? [`${item.name}: ${item.problem}`] : []));
  const failure = pay.error ?? check.error;
  const isBusy = pay.isPending || check.isPending || pending !== null;
  // A basket of sessions books them; one of memberships only sells (decision 076).
  const hasSessions = cart.items.some((item) => item.cartableType === 'activity');
  const andBook = hasSessions ? ' and book' : '';

  const finish = ({ reply }: PayResult, chosen: DeskTender) => {
    if (reply.status !== 'completed') return;
    setPending(null);
    onPaid({
      orderId: reply.orderId,
      items: cart.items.map((item) => ({
        id: item.id,
        name: item.name,
        when: whenOf(item),
        price: item.price.formatted,
      })),
      taken: toPay,
      tender: chosen,
      booked: hasSessions,
    });
  };
  const settle = (result: PayResult, chosen: DeskTender) =>
    result.reply.status === 'requires_action'
      ? setPending({ result, tender: chosen })
      : finish(result, chosen);

  const submit = handleSubmit((values) => {
    check.reset();
    pay.mutate(
      {
        tender: values.tender,
        card: values.tender === 'card' ? (values.card as CardDetails) : undefined,
        ...(values.tender === 'card' && isStripe ? { stripe: stripeCard } : {}),
        completedWaivers: waiverItems.map((item) => item.id),
      },
      { onSuccess: (result) => settle(result, values.tender) },
    );
  });

  const answer = (approve: boolean) => {
    if (pending?.result.reply.status !== 'requires_action') return;
    const { challengeId, paymentIntentId } = pending.result.reply;
    check.mutate(
      { challengeId, paymentIntentId, approve, previous: pending.result },
      {
        onSuccess: (result) => settle(result, pending.tender),
        onError: () => setPending(null),
      },
    );
  };

  return (
    <section className="desk-basket" aria-labelledby={headingId}>
      <h3 id={headingId}>Basket</h3>
      <ul className="desk-list">
        {cart.items.map((item) => (
          <li key={item.id} className="desk-list__item desk-list__item--row">
            <span>
              <strong>{item.name}</strong>
              {whenOf(item) && (
                <>
                  <br />
                  <span className="muted">
                    {whenOf(item)}
                    {item.cartableResource.venueName ? ` · ${item.cartableResource.venueName}` : ''}
                  </span>
                </>
              )}
              {item.childItems.length > 0 && (
                <>
                  <br />
                  <span className="muted">
                    {item.childItems.map((child) => `${child.name} ${child.price.formatted}`).join(' · ')}
                  </span>
                </>
              )}
              {item.problem && <span className="field__error">{item.problem}</span>}
            </span>
            <span className="desk-basket__line-end">
              <span>{item.price.formatted}</span>
              <Button
                variant="text"
                aria-label={`Remove ${item.name}`}
                onClick={() => onRemove(item)}
                isPending={removingId === item.id}
                disabled={isBusy}
              >
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Totals
        rows={[
          ...(cart.totals.creditApplied.raw > 0
            ? [{ label: 'Credit applied', value: `−${cart.totals.creditApplied.formatted}` }]
            : []),
          { label: 'Total to pay', value: formatMoney(toPay), testId: 'desk-basket-total' },
        ]}
      />
      <form className="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        {toPay > 0 && (
          <fieldset className="desk-tenders" disabled={isBusy}>
            <legend className="field__label">Payment taken at the desk</legend>
            {DESK_TENDERS.map((value) => (
              <label key={value} className="desk-tender">
                <input type="radio" value={value} {...register('tender')} />
                {TENDER_LABELS[value]}
              </label>
            ))}
          </fieldset>
        )}
        {toPay > 0 && tender === 'card' && (
          <div className="desk-card">
            <p className="field__hint">
              Type the card's details as the customer reads them out, or let them type. The card is charged
              through the card provider when you book; it is not saved.
            </p>
            {getSiteConfig().demo && !isStripe && <TestCards />}
            <CardFields
              register={register}
              errors={errors.card}
              cardElement={
                isStripe ? (
                  <Suspense fallback={null}>
                    <StripeCardField publishableKey={publishableKey} amount={toPay} onReady={setStripeCard} />
                  </Suspense>
                ) : undefined
              }
            />
          </div>
        )}
        {waiverItems.length > 0 && (
          <CheckboxField
            label={`${waiverItems.map((item) => item.name).join(', ')}: the customer has read and agreed to the waiver`}
            error={errors.agreed?.message}
            {...register('agreed')}
          />
        )}
        {problems.length > 0 && (
          <p className="field__error" role="alert">
            {problems.join(' ')}
          </p>
        )}
        <div role="alert">
          {failure && !pending && (
            <p className="notice notice--danger">
              {cardFormErrorText(failure) ?? serverMessageOr(failure, BASKET_TEXTS.paymentFailed)}
            </p>
          )}
        </div>
        {pending?.result.reply.status === 'requires_action' && (
          <BankCheck message={pending.result.reply.message} isAnswering={check.isPending} onAnswer={answer} />
        )}
        <div className="button-row">
          <Button type="submit" isPending={pay.isPending} disabled={problems.length > 0 || isBusy}>
            {pay.isPending
              ? 'Completing…'
              : toPay > 0
                ? tender === 'card'
                  ? `Charge ${formatMoney(toPay)} to the card${andBook}`
                  : `Take ${formatMoney(toPay)} by ${TENDER_LABELS[tender].toLowerCase()}${andBook}`
                : hasSessions
                  ? 'Complete booking'
                  : 'Complete'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * The checks on the desk's basket form: the waiver when one applies, the card's details when paying by card (with
 * Stripe, only the cardholder and address: its own fields check the card).
 */
function basketSchema(needsWaiver: boolean, byCard: 'card' | 'holder' | null) {
  return z.object({
    tender: z.enum(DESK_TENDERS),
    agreed: needsWaiver
      ? z.literal(true, { error: 'Please confirm the customer has agreed to the waiver' })
      : z.boolean(),
    card: (byCard === 'card'
      ? cardSchema
      : byCard === 'holder'
        ? cardHolderSchema
        : z.any()) as typeof cardSchema,
  });
}

/**
 * The bank's further check for a card taken at the desk: the customer completes it (in their banking app; in the
 * sandbox, the staff member answers for them). Focus moves to it; nothing is charged until it is approved.
 */
function BankCheck({
  message,
  isAnswering,
  onAnswer,
}: {
  message: string;
  isAnswering: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="notice desk-bank-check" aria-labelledby="desk-bank-check-title">
      <h4 id="desk-bank-check-title" ref={headingRef} tabIndex={-1}>
        The customer's bank needs to confirm this payment
      </h4>
      <p>{message}</p>
      <div className="button-row">
        <Button onClick={() => onAnswer(true)} isPending={isAnswering}>
          The customer approved it
        </Button>
        <Button variant="secondary" onClick={() => onAnswer(false)} disabled={isAnswering}>
          The customer declined it
        </Button>
      </div>
    </section>
  );
}
