import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../ui/button';
import { matchServerErrors, useFieldMessages } from '../../../ui/forms/form-messages';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { CheckboxField, TextField, type TextFieldProps } from '../../../ui/text-field';
import { directDebitProviderQueryOptions } from '../api/get-direct-debit-provider';
import { joiningTermsQueryOptions } from '../api/get-terms';
import {
  BANK_FIELDS,
  type BankField,
  canSaveBank,
  emptyBankValues,
  flattenBankValues,
  type NestedBankValues,
  nestBankValues,
  toBankDetails,
  validateBank,
} from '../rules/bank-details';
import type { JourneyBankDetails, SectionErrors } from '../types';

const DD_AUTHORISED = 'dd_authorised';
const DD_TERMS = 'dd_terms_accepted';

/** The form's values: the bank details nested as the server's field paths name them, and the two ticks. */
type BankForm = NestedBankValues & { [DD_AUTHORISED]: boolean; [DD_TERMS]: boolean };

const isTouched = (touched: Record<string, unknown>, field: BankField): boolean =>
  field
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], touched) === true;

const TermsModal = lazy(() => import('../../../ui/terms-modal'));

export type MonthlyPaymentSectionProps = {
  bank: JourneyBankDetails | null;
  /** Server errors (account_holder, account_details.account_number, account_details.sort_code …). */
  serverErrors?: SectionErrors;
  onDone: (bank: JourneyBankDetails) => void;
};

export const DD_AUTHORISATION_LABEL =
  'I confirm that I am the account holder and the only person required to authorise debits from this account';
export const DD_TERMS_LABEL = 'I accept the Direct Debit terms';
export const GO_CARDLESS_NOTICE =
  'Your Direct Debit is set up and collected by GoCardless. GoCardless will process your name, bank details and ' +
  'address to set up and manage the Direct Debit and to help prevent fraud. Your payments are protected by the ' +
  'Direct Debit Guarantee.';
const GO_CARDLESS_PRIVACY_URL = 'https://gocardless.com/privacy/payers/';

const FIELDS: Record<BankField, Omit<TextFieldProps, 'name'>> = {
  account_holder: { label: 'Account holder', autoComplete: 'name', maxLength: 100 },
  'account_details.account_number': {
    label: 'Account number',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 20,
  },
  'account_details.sort_code': {
    label: 'Sort code',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 8,
    hint: '6 digits, for example 20-00-00',
  },
  'account_details.billing_address_line_one': {
    label: 'Address line 1',
    autoComplete: 'address-line1',
    maxLength: 200,
  },
  'account_details.billing_address_line_two': {
    label: 'Address line 2 (optional)',
    autoComplete: 'address-line2',
    maxLength: 200,
  },
  'account_details.billing_city': { label: 'Town or city', autoComplete: 'address-level2', maxLength: 100 },
  'account_details.billing_postcode': { label: 'Postcode', autoComplete: 'postal-code', maxLength: 10 },
};

/**
 * Section 6 'Monthly payment' (joining §2, §5 Bank details): the account for the direct debit, the billing
 * address, the authorisation and (when there are any) the direct debit terms. Continue stays disabled until all
 * are valid; server errors show under their fields until the user edits them.
 */
export function MonthlyPaymentSection({ bank, serverErrors, onDone }: MonthlyPaymentSectionProps) {
  const form = useForm<BankForm>({
    defaultValues: {
      ...nestBankValues(emptyBankValues(bank)),
      [DD_AUTHORISED]: bank?.ddAuthorised === true,
      [DD_TERMS]: bank?.ddTermsAccepted === true,
    },
  });
  const [isTermsOpen, setTermsOpen] = useState(false);
  const terms = useQuery(joiningTermsQueryOptions('direct_debit'));
  const provider = useQuery(directDebitProviderQueryOptions);

  const matched = useMemo(
    () => matchServerErrors(serverErrors, [...BANK_FIELDS, DD_AUTHORISED, DD_TERMS]),
    [serverErrors],
  );
  const { messages, clear } = useFieldMessages(matched.messages);
  const watched = form.watch();
  const values = flattenBankValues(watched);
  const isAuthorised = watched[DD_AUTHORISED];
  const isTermsAccepted = watched[DD_TERMS];
  const { touchedFields } = form.formState;
  const clientErrors = validateBank(values);
  const hasTerms = (terms.data?.length ?? 0) > 0;
  const canSave = terms.isSuccess && canSaveBank(values, { isAuthorised, hasTerms, isTermsAccepted });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    onDone(toBankDetails(values, hasTerms && isTermsAccepted));
  };

  const renderField = (field: BankField) => (
    <TextField
      key={field}
      {...FIELDS[field]}
      error={messages[field] ?? (isTouched(touchedFields, field) ? clientErrors[field] : undefined)}
      {...form.register(field, { onChange: () => clear(field) })}
    />
  );

  return (
    <form className="form joining-form" onSubmit={submit} noValidate aria-label="Monthly payment">
      {matched.unmatched.length > 0 && (
        <div role="alert">
          <Notice tone="danger">
            {matched.unmatched.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Notice>
        </div>
      )}
      {renderField('account_holder')}
      <div className="form__row">
        {renderField('account_details.account_number')}
        {renderField('account_details.sort_code')}
      </div>
      <section className="form-section" aria-labelledby="billing-address-heading">
        <h3 className="form-section__title" id="billing-address-heading">
          Billing address
        </h3>
        {renderField('account_details.billing_address_line_one')}
        {renderField('account_details.billing_address_line_two')}
        <div className="form__row">
          {renderField('account_details.billing_city')}
          {renderField('account_details.billing_postcode')}
        </div>
      </section>
      <CheckboxField
        label={DD_AUTHORISATION_LABEL}
        error={messages[DD_AUTHORISED]}
        {...form.register(DD_AUTHORISED, { onChange: () => clear(DD_AUTHORISED) })}
      />
      {terms.isError && <LoadError text={terms.error.message} onRetry={() => void terms.refetch()} />}
      {hasTerms && (
        <div className="form-actions">
          <CheckboxField
            label={DD_TERMS_LABEL}
            error={messages[DD_TERMS]}
            {...form.register(DD_TERMS, { onChange: () => clear(DD_TERMS) })}
          />
          <Button variant="text" onClick={() => setTermsOpen(true)}>
            Read the Direct Debit terms
          </Button>
        </div>
      )}
      {provider.data?.provider === 'go_cardless' && (
        <aside aria-label="Direct Debit privacy notice">
          <Notice>
            <p>{GO_CARDLESS_NOTICE}</p>
            <p>
              <a href={GO_CARDLESS_PRIVACY_URL} target="_blank" rel="noreferrer">
                Read the GoCardless privacy notice
              </a>
            </p>
          </Notice>
        </aside>
      )}
      <div className="form-actions">
        <Button type="submit" disabled={!canSave}>
          Continue
        </Button>
      </div>
      {isTermsOpen && terms.data && (
        <Suspense fallback={null}>
          <TermsModal
            items={terms.data}
            onAgree={() => {
              form.setValue(DD_TERMS, true);
              clear(DD_TERMS);
            }}
            onClose={() => setTermsOpen(false)}
          />
        </Suspense>
      )}
    </form>
  );
}
