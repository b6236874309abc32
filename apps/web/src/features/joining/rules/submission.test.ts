import { describe, expect, it } from 'vitest';
import { initialJourneyState } from '../stores/journey-store';
import type { JourneyState } from '../types';
import {
  buildMembershipBody,
  IncompleteJourneyError,
  routeFieldErrors,
  sectionOfField,
  unansweredRequiredQuestions,
} from './submission';

const bank = {
  accountHolder: 'Ada Lovelace',
  accountDetails: {
    accountNumber: '12345678',
    sortCode: '200000',
    billingAddressLineOne: '1 Main St',
    billingAddressLineTwo: null,
    billingCity: 'Leeds',
    billingPostcode: 'LS1 1AA',
  },
  ddAuthorised: true,
  ddTermsAccepted: true,
};

const recurring = (overrides: Partial<JourneyState> = {}): JourneyState => ({
  ...initialJourneyState('join'),
  venue: { id: 3, slug: 'leeds', name: 'Leeds' },
  membershipTypeId: 7,
  membershipSlug: 'gym',
  paymentOptionId: 11,
  paymentType: 'recurring',
  startDate: '2026-12-01',
  billingDay: 15,
  healthCommitmentAccepted: true,
  membershipTermsAccepted: true,
  answers: { '4': { questionId: 4, answer: 'Yes' } },
  bank,
  ...overrides,
});

const member = { hasBillingDate: false, hasInstruction: false };

describe('membership submission body', () => {
  it('is snake_case with the billing day, answers and bank details for a new mandate', () => {
    const body = buildMembershipBody(recurring(), { user: member });
    expect(body).toMatchObject({
      home_venue_id: 3,
      membership_type_id: 7,
      payment_option_id: 11,
      start_date: '2026-12-01',
      billing_day: 15,
      health_commitment_accepted: true,
      membership_terms_accepted: true,
      answers: { '4': { question_id: 4, answer: 'Yes' } },
      account_holder: 'Ada Lovelace',
      account_details: {
        account_number: '12345678',
        sort_code: '200000',
        billing_address_line_one: '1 Main St',
        billing_city: 'Leeds',
        billing_postcode: 'LS1 1AA',
      },
      dd_authorised: true,
      dd_terms_accepted: true,
    });
    expect(body).not.toHaveProperty('account');
  });

  it('sends billing_day null when the user already has a billing date, and for fixed payments', () => {
    expect(
      buildMembershipBody(recurring({ billingDay: null }), { user: { ...member, hasBillingDate: true } })
        .billing_day,
    ).toBeNull();
    expect(buildMembershipBody(recurring({ paymentType: 'fixed' }), { user: member }).billing_day).toBeNull();
  });

  it('leaves bank details out when the user already has an instruction', () => {
    const body = buildMembershipBody(recurring({ bank: null }), {
      user: { ...member, hasInstruction: true },
    });
    expect(body.account_holder).toBeNull();
    expect(body.account_details).toBeNull();
    expect(body.dd_terms_accepted).toBe(false);
  });

  it('never sends an account: a guest must first create it in Your details', () => {
    const body = buildMembershipBody(recurring(), { user: member });
    expect(Object.keys(body)).not.toContain('account');
  });

  it('names the section to reopen when something is missing', () => {
    const missing = (state: JourneyState, user: Parameters<typeof buildMembershipBody>[1]['user']) => {
      try {
        buildMembershipBody(state, { user });
      } catch (error) {
        return error instanceof IncompleteJourneyError ? error.section : 'other';
      }
      return null;
    };
    expect(missing(recurring(), null)).toBe('details');
    expect(missing(recurring({ billingDay: null }), member)).toBe('review');
    expect(missing(recurring({ bank: null }), member)).toBe('payment');
    expect(missing(recurring({ membershipTypeId: null }), member)).toBe('membership');
    expect(missing(recurring(), member)).toBeNull();
  });
});

describe('required questions', () => {
  const question = (id: number, isRequired: boolean, answer: unknown = null) =>
    ({
      id,
      reference: `q${id}`,
      label: `Q${id}`,
      type: 'text',
      options: [],
      placeholder: null,
      isRequired,
      default: null,
      answer,
    }) as never;

  it('lists required questions answered neither in the journey nor on the server', () => {
    const unanswered = unansweredRequiredQuestions(
      [
        question(1, true),
        question(2, true),
        question(3, false),
        question(4, true, 'saved'),
        question(5, true),
      ],
      { '2': { questionId: 2, answer: 'Yes' }, '5': { questionId: 5, answer: [] } },
    );
    expect(unanswered.map((q: { id: number }) => q.id)).toEqual([1, 5]);
  });
});

describe('422 error routing', () => {
  it('sends each field to its section', () => {
    expect(sectionOfField('account.first_name')).toBe('details');
    expect(sectionOfField('answers')).toBe('additional');
    expect(sectionOfField('answers.12')).toBe('additional');
    expect(sectionOfField('account_holder')).toBe('payment');
    expect(sectionOfField('account_details.sort_code')).toBe('payment');
    expect(sectionOfField('dd_terms_accepted')).toBe('payment');
    expect(sectionOfField('dd_authorised')).toBe('payment');
    expect(sectionOfField('start_date')).toBe('review');
    expect(sectionOfField('billing_day')).toBe('review');
    expect(sectionOfField('promotion_code_id')).toBe('review');
    expect(sectionOfField('health_commitment_accepted')).toBe('review');
    expect(sectionOfField('membership_terms_accepted')).toBe('review');
    expect(sectionOfField('membership_type_id')).toBe('membership');
  });

  it("groups the client's camelCased errors under the server's snake_case paths", () => {
    expect(
      routeFieldErrors({
        'account.firstName': ['First name is required.'],
        'accountDetails.accountNumber': ['Account number must be at least 8 digits.'],
        'answers.12': ['Q is required.'],
        startDate: ['The start date cannot be in the past.'],
        membershipTypeId: ['You already have this membership.'],
      }),
    ).toEqual({
      details: { first_name: ['First name is required.'] },
      payment: { 'account_details.account_number': ['Account number must be at least 8 digits.'] },
      additional: { 'answers.12': ['Q is required.'] },
      review: { start_date: ['The start date cannot be in the past.'] },
      membership: { membership_type_id: ['You already have this membership.'] },
    });
  });
});
