import { SANDBOX_CARDS } from '@fieldhouse/contract/payments';
import { CARD_PROVIDER_TEXTS } from '@fieldhouse/contract/texts/payments';
import { lazy, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import type { CardInput } from '../lib/card-rules';
import { CheckboxField, TextField } from './text-field';
import './card-fields.css';

/** A form holding a new card under `card` (lib/card-rules) and, when offered, the 'save' box under `saveCard`. */
interface CardForm {
  card: CardInput;
  saveCard?: boolean;
}

/**
 * Stripe's card fields (ui/stripe-card-field), loaded only where a card form shows with Stripe configured: with the
 * sandbox no page carries Stripe.js or its code. A chunk that cannot load (offline) says so in the form.
 */
export const StripeCardField = lazy(() =>
  import('./stripe-card-field').catch(() => ({
    default: () => (
      <p className="field__error" role="alert">
        {CARD_PROVIDER_TEXTS.unavailable}
      </p>
    ),
  })),
);

/**
 * Card form and billing form (joining §3) for a new card: the member checkout (with 'Save this card for next
 * time') and the desk's card payment (without: the customer is not the one typing). With Stripe, `cardElement` (its
 * own fields for the number, expiry date and security code) takes the place of ours.
 */
export function CardFields<T extends FieldValues & CardForm>({
  register: registerOf,
  errors,
  offerToSave = false,
  cardElement,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<CardForm>['card'] | undefined;
  offerToSave?: boolean;
  cardElement?: ReactNode;
}) {
  // The fields' names are the same in every form that holds a card; react-hook-form's generic paths cannot say so.
  const register = registerOf as unknown as UseFormRegister<CardForm>;
  return (
    <>
      <fieldset className="fieldset">
        <legend>Card details</legend>
        <TextField
          label="Cardholder name"
          hint="Full name as it appears on the card"
          autoComplete="cc-name"
          error={errors?.cardholderName?.message}
          {...register('card.cardholderName')}
        />
        {cardElement ?? (
          <>
            <TextField
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              error={errors?.cardNumber?.message}
              {...register('card.cardNumber')}
            />
            <div className="form__row">
              <TextField
                label="Expiry date"
                hint="MM/YY"
                placeholder="MM/YY"
                inputMode="numeric"
                autoComplete="cc-exp"
                error={errors?.expiryDate?.message}
                {...register('card.expiryDate')}
              />
              <TextField
                label="Security code"
                hint="The three digits on the back of the card"
                inputMode="numeric"
                autoComplete="cc-csc"
                error={errors?.securityCode?.message}
                {...register('card.securityCode')}
              />
            </div>
          </>
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>Billing address</legend>
        <div className="form__row">
          <TextField
            label="First name"
            autoComplete="billing given-name"
            error={errors?.billingFirstName?.message}
            {...register('card.billingFirstName')}
          />
          <TextField
            label="Last name"
            autoComplete="billing family-name"
            error={errors?.billingLastName?.message}
            {...register('card.billingLastName')}
          />
        </div>
        <TextField
          label="Address line 1"
          autoComplete="billing address-line1"
          error={errors?.billingAddressLineOne?.message}
          {...register('card.billingAddressLineOne')}
        />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="billing address-line2"
          error={errors?.billingAddressLineTwo?.message}
          {...register('card.billingAddressLineTwo')}
        />
        <div className="form__row">
          <TextField
            label="Town or city"
            autoComplete="billing address-level2"
            error={errors?.billingCity?.message}
            {...register('card.billingCity')}
          />
          <TextField
            label="Postcode"
            autoComplete="billing postal-code"
            error={errors?.billingPostcode?.message}
            {...register('card.billingPostcode')}
          />
        </div>
      </fieldset>
      {offerToSave && <CheckboxField label="Save this card for next time" {...register('saveCard')} />}
    </>
  );
}

/** Demo mode: the sandbox provider's test cards. */
export function TestCards() {
  return (
    <aside className="test-cards" aria-labelledby="test-cards-heading">
      <h3 id="test-cards-heading">Test cards</h3>
      <p>Use any future expiry date and any three-digit security code.</p>
      <dl>
        <div>
          <dt>Payment succeeds</dt>
          <dd>{SANDBOX_CARDS.success}</dd>
        </div>
        <div>
          <dt>Payment succeeds (Mastercard)</dt>
          <dd>{SANDBOX_CARDS.mastercard}</dd>
        </div>
        <div>
          <dt>Card declined</dt>
          <dd>{SANDBOX_CARDS.declined}</dd>
        </div>
        <div>
          <dt>Further check by the bank</dt>
          <dd>{SANDBOX_CARDS.furtherCheck}</dd>
        </div>
      </dl>
    </aside>
  );
}
