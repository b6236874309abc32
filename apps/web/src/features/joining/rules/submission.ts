import type { CustomQuestion, MembershipDetailsBody } from '@fieldhouse/contract';
import type { Camel } from '../../../lib/api/client';
import { snakeKey } from '../../../lib/case-codec';
import type { JourneyAnswers, JourneyState, SectionErrors } from '../types';
import type { SectionId } from './sections';

/** The wire body of POST /api/memberships, built in snake_case (the client's codec leaves it as it is). */
export type MembershipSubmission = Omit<
  MembershipDetailsBody,
  'dd_terms_accepted' | 'dd_authorised' | 'health_commitment_accepted' | 'membership_terms_accepted'
> & {
  dd_terms_accepted: boolean;
  dd_authorised: boolean;
  health_commitment_accepted: boolean;
  membership_terms_accepted: boolean;
};

export interface SubmissionContext {
  /** null for a guest, who must first create the account in 'Your details'. */
  user: { hasBillingDate: boolean; hasInstruction: boolean } | null;
}

export class IncompleteJourneyError extends Error {
  constructor(readonly section: SectionId) {
    super(`The ${section} section is not finished`);
  }
}

/** Recurring payments without an existing instruction set up a direct-debit mandate (joining §4). */
export const needsMandate = (paymentType: JourneyState['paymentType'], hasInstruction: boolean): boolean =>
  paymentType === 'recurring' && !hasInstruction;

const snakeAnswers = (answers: JourneyAnswers): NonNullable<MembershipDetailsBody['answers']> =>
  Object.fromEntries(
    Object.entries(answers).map(([id, { questionId, answer }]) => [id, { question_id: questionId, answer }]),
  );

const snakeObject = <T extends object>(value: T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).map(([key, item]) => [snakeKey(key), item]));

/**
 * Builds the membership submission (joining §3 Membership details submitted, §4): billing_day is null when the
 * user already has a billing date (and for fixed payments); bank details only travel when a mandate is needed.
 * The submitter is always logged in (a guest's account is created in 'Your details'). Throws
 * IncompleteJourneyError naming the section to reopen.
 */
export function buildMembershipBody(state: JourneyState, context: SubmissionContext): MembershipSubmission {
  if (!state.venue) throw new IncompleteJourneyError('centre');
  if (!state.membershipTypeId || !state.paymentOptionId || !state.paymentType)
    throw new IncompleteJourneyError('membership');
  if (!state.startDate) throw new IncompleteJourneyError('review');
  if (context.user === null) throw new IncompleteJourneyError('details');
  const hasBillingDate = context.user?.hasBillingDate ?? false;
  const isRecurring = state.paymentType === 'recurring';
  if (isRecurring && !hasBillingDate && !state.billingDay) throw new IncompleteJourneyError('review');
  const mandate = needsMandate(state.paymentType, context.user?.hasInstruction ?? false);
  if (mandate && !state.bank) throw new IncompleteJourneyError('payment');

  const body: MembershipSubmission = {
    home_venue_id: state.venue.id,
    membership_type_id: state.membershipTypeId,
    payment_option_id: state.paymentOptionId,
    start_date: state.startDate,
    billing_day: isRecurring && !hasBillingDate ? state.billingDay : null,
    promotion_code: state.promotionCodeId ? state.promotionCode : null,
    promotion_code_id: state.promotionCodeId ?? null,
    account_holder: null,
    account_details: null,
    dd_terms_accepted: false,
    dd_authorised: false,
    health_commitment_accepted: state.healthCommitmentAccepted,
    membership_terms_accepted: state.membershipTermsAccepted,
    answers: snakeAnswers(state.answers),
  };
  if (mandate && state.bank) {
    body.account_holder = state.bank.accountHolder;
    body.account_details = snakeObject(state.bank.accountDetails) as MembershipSubmission['account_details'];
    body.dd_terms_accepted = state.bank.ddTermsAccepted;
    body.dd_authorised = state.bank.ddAuthorised;
  }
  return body;
}

const isEmptyAnswer = (answer: unknown): boolean =>
  answer === null ||
  answer === undefined ||
  answer === false ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.length === 0);

/** Required questions with neither an answer in the journey nor one saved on the server (joining §4). */
export function unansweredRequiredQuestions(
  questions: readonly Camel<CustomQuestion>[],
  answers: JourneyAnswers,
): Camel<CustomQuestion>[] {
  return questions.filter(
    (q) => q.isRequired && isEmptyAnswer(answers[String(q.id)]?.answer) && isEmptyAnswer(q.answer),
  );
}

/** Turns the client's camelCased error keys back into the server's snake_case paths ('account.first_name'). */
const toWireKey = (key: string): string => key.split('.').map(snakeKey).join('.');

/** Which section shows a 422 field error of POST /api/memberships (joining §4, §5). */
export function sectionOfField(wireKey: string): SectionId {
  if (wireKey === 'account' || wireKey.startsWith('account.')) return 'details';
  if (wireKey === 'answers' || wireKey.startsWith('answers.')) return 'additional';
  if (wireKey === 'account_holder' || wireKey.startsWith('account_details') || wireKey.startsWith('dd_'))
    return 'payment';
  if (['membership_type_id', 'payment_option_id', 'home_venue_id'].includes(wireKey)) return 'membership';
  // start_date, billing_day, promotion_code(_id), health_commitment_accepted, membership_terms_accepted, others.
  return 'review';
}

/**
 * Splits 422 field errors (as the API client hands them over: camelCased keys) per section, keyed by the server's
 * snake_case path; `account.*` errors lose their prefix (the Your details form knows its own fields).
 */
export function routeFieldErrors(
  fieldErrors: Record<string, string[]>,
): Partial<Record<SectionId, SectionErrors>> {
  const routed: Partial<Record<SectionId, SectionErrors>> = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const wireKey = toWireKey(key);
    const section = sectionOfField(wireKey);
    const sectionKey = section === 'details' ? wireKey.replace(/^account\.?/, '') || 'account' : wireKey;
    routed[section] = { ...routed[section], [sectionKey]: messages };
  }
  return routed;
}
