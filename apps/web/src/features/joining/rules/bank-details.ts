import { personName } from '@fieldhouse/contract/fields';
import { accountDetails } from '@fieldhouse/contract/membership-purchase';
import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { z } from 'zod';
import type { JourneyBankDetails } from '../types';

/** Bank details for the mandate (joining §5 Bank details), keyed by the server's field paths. */
export const BANK_FIELDS = [
  'account_holder',
  'account_details.account_number',
  'account_details.sort_code',
  'account_details.billing_address_line_one',
  'account_details.billing_address_line_two',
  'account_details.billing_city',
  'account_details.billing_postcode',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankValues = Record<BankField, string>;

type DetailsKey<F> = F extends `account_details.${infer K}` ? K : never;
type AccountDetailsKey = DetailsKey<BankField>;

/** The same values nested by path ({ account_holder, account_details: { account_number, … } }), as forms hold them. */
export type NestedBankValues = {
  account_holder: string;
  account_details: Record<AccountDetailsKey, string>;
};

export const nestBankValues = (values: BankValues): NestedBankValues => ({
  account_holder: values.account_holder,
  account_details: {
    account_number: values['account_details.account_number'],
    sort_code: values['account_details.sort_code'],
    billing_address_line_one: values['account_details.billing_address_line_one'],
    billing_address_line_two: values['account_details.billing_address_line_two'],
    billing_city: values['account_details.billing_city'],
    billing_postcode: values['account_details.billing_postcode'],
  },
});

export const flattenBankValues = (nested: NestedBankValues): BankValues =>
  Object.fromEntries(
    BANK_FIELDS.map((field) => {
      const [group, key] = field.split('.');
      const value = key
        ? nested.account_details[key as AccountDetailsKey]
        : nested[group as 'account_holder'];
      return [field, value ?? ''];
    }),
  ) as BankValues;

/** Spaces and dashes are allowed while typing and stripped before checking or sending (contract accountDetails). */
export const bankDigits = (value: string): string => value.replace(/[\s-]/g, '');

export function emptyBankValues(bank: JourneyBankDetails | null): BankValues {
  const details = bank?.accountDetails;
  return {
    account_holder: bank?.accountHolder ?? '',
    'account_details.account_number': details?.accountNumber ?? '',
    'account_details.sort_code': details?.sortCode ?? '',
    'account_details.billing_address_line_one': details?.billingAddressLineOne ?? '',
    'account_details.billing_address_line_two': details?.billingAddressLineTwo ?? '',
    'account_details.billing_city': details?.billingCity ?? '',
    'account_details.billing_postcode': details?.billingPostcode ?? '',
  };
}

/**
 * The bank details as the server checks them (joining §5): the contract's `accountDetails` (account number at least
 * 8 digits, sort code exactly 6, address line 1 and town longer than 1 character, a UK postcode) and an account
 * holder longer than 1 character.
 */
export const bankDetailsSchema = z.object({
  account_holder: personName('Account holder').min(2, MEMBERSHIP_PURCHASE_TEXTS.accountHolder),
  account_details: accountDetails,
});

/** Messages for invalid bank details, keyed by field path: the first the schema finds for each field. */
export function validateBank(values: BankValues): Partial<Record<BankField, string>> {
  const result = bankDetailsSchema.safeParse(nestBankValues(values));
  const errors: Partial<Record<BankField, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.') as BankField;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Continue is allowed when every field is valid, the authorisation is ticked and terms (if any) accepted. */
export const canSaveBank = (
  values: BankValues,
  {
    isAuthorised,
    hasTerms,
    isTermsAccepted,
  }: { isAuthorised: boolean; hasTerms: boolean; isTermsAccepted: boolean },
): boolean =>
  Object.keys(validateBank(values)).length === 0 && isAuthorised && (!hasTerms || isTermsAccepted);

export function toBankDetails(values: BankValues, ddTermsAccepted: boolean): JourneyBankDetails {
  const lineTwo = values['account_details.billing_address_line_two'].trim();
  return {
    accountHolder: values.account_holder.trim(),
    accountDetails: {
      accountNumber: bankDigits(values['account_details.account_number']),
      sortCode: bankDigits(values['account_details.sort_code']),
      billingAddressLineOne: values['account_details.billing_address_line_one'].trim(),
      billingAddressLineTwo: lineTwo || null,
      billingCity: values['account_details.billing_city'].trim(),
      billingPostcode: values['account_details.billing_postcode'].trim().toUpperCase(),
    },
    ddAuthorised: true,
    ddTermsAccepted,
  };
}
