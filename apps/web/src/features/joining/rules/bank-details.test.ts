import { MEMBERSHIP_PURCHASE_TEXTS as T } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { type BankValues, canSaveBank, emptyBankValues, toBankDetails, validateBank } from './bank-details';

const valid: BankValues = {
  account_holder: 'Ada Lovelace',
  'account_details.account_number': '5566 7788',
  'account_details.sort_code': '20-00-00',
  'account_details.billing_address_line_one': '1 High Street',
  'account_details.billing_address_line_two': '',
  'account_details.billing_city': 'Leeds',
  'account_details.billing_postcode': 'ls1 4ap',
};

describe('validateBank', () => {
  it('accepts valid details (spaces and dashes in numbers allowed)', () => {
    expect(validateBank(valid)).toEqual({});
  });

  it('applies each rule with the contract texts', () => {
    expect(
      validateBank({
        account_holder: 'A',
        'account_details.account_number': '1234567',
        'account_details.sort_code': '12345a',
        'account_details.billing_address_line_one': 'x',
        'account_details.billing_address_line_two': '',
        'account_details.billing_city': ' y ',
        'account_details.billing_postcode': 'NOT A CODE',
      }),
    ).toEqual({
      account_holder: T.accountHolder,
      'account_details.account_number': T.accountNumber,
      'account_details.sort_code': T.sortCode,
      'account_details.billing_address_line_one': T.billingAddress,
      'account_details.billing_city': T.billingCity,
      'account_details.billing_postcode': T.billingPostcode,
    });
  });

  it('needs a numeric account number of at least 8 digits and a sort code of exactly 6', () => {
    const check = (accountNumber: string, sortCode: string) =>
      validateBank({
        ...valid,
        'account_details.account_number': accountNumber,
        'account_details.sort_code': sortCode,
      });
    expect(check('12345678', '123456')).toEqual({});
    expect(check('1234567a', '1234567')).toEqual({
      'account_details.account_number': T.accountNumber,
      'account_details.sort_code': T.sortCode,
    });
  });
});

describe('canSaveBank', () => {
  it('needs valid details, the authorisation and, when there are terms, their acceptance', () => {
    expect(canSaveBank(valid, { isAuthorised: true, hasTerms: false, isTermsAccepted: false })).toBe(true);
    expect(canSaveBank(valid, { isAuthorised: false, hasTerms: false, isTermsAccepted: false })).toBe(false);
    expect(canSaveBank(valid, { isAuthorised: true, hasTerms: true, isTermsAccepted: false })).toBe(false);
    expect(canSaveBank(valid, { isAuthorised: true, hasTerms: true, isTermsAccepted: true })).toBe(true);
    expect(
      canSaveBank(
        { ...valid, account_holder: '' },
        { isAuthorised: true, hasTerms: false, isTermsAccepted: false },
      ),
    ).toBe(false);
  });
});

describe('toBankDetails', () => {
  it('strips digits, trims and round-trips through emptyBankValues', () => {
    const bank = toBankDetails(valid, true);
    expect(bank).toEqual({
      accountHolder: 'Ada Lovelace',
      accountDetails: {
        accountNumber: '55667788',
        sortCode: '200000',
        billingAddressLineOne: '1 High Street',
        billingAddressLineTwo: null,
        billingCity: 'Leeds',
        billingPostcode: 'LS1 4AP',
      },
      ddAuthorised: true,
      ddTermsAccepted: true,
    });
    expect(validateBank(emptyBankValues(bank))).toEqual({});
  });
});
