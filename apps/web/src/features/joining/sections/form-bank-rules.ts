import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { UK_POSTCODE } from '@fieldhouse/contract/texts/payments';
import type { JourneyBankDetails } from '../journey-types';

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
 * Messages for invalid bank details: holder longer than 1 character, account number at least 8 digits, sort
 * code exactly 6 digits, address line 1 and town longer than 1 character, a UK postcode.
 */
export function validateBank(values: BankValues): Partial<Record<BankField, string>> {
  const texts = MEMBERSHIP_PURCHASE_TEXTS;
  const errors: Partial<Record<BankField, string>> = {};
  if (values.account_holder.trim().length < 2) errors.account_holder = texts.accountHolder;
  if (!/^\d{8,17}$/.test(bankDigits(values['account_details.account_number']))) {
    errors['account_details.account_number'] = texts.accountNumber;
  }
  if (!/^\d{6}$/.test(bankDigits(values['account_details.sort_code']))) {
    errors['account_details.sort_code'] = texts.sortCode;
  }
  if (values['account_details.billing_address_line_one'].trim().length < 2) {
    errors['account_details.billing_address_line_one'] = texts.billingAddress;
  }
  if (values['account_details.billing_city'].trim().length < 2) {
    errors['account_details.billing_city'] = texts.billingCity;
  }
  if (!UK_POSTCODE.test(values['account_details.billing_postcode'].trim())) {
    errors['account_details.billing_postcode'] = texts.billingPostcode;
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
