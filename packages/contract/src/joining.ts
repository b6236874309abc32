import { z } from 'zod';
import { ONBOARDING_TYPES } from './auth.ts';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { idParam } from './fields.ts';

export { CUSTOM_QUESTION_TEXTS, JOINING_TEXTS } from './texts/joining.ts';

/** Online joining (joining §3, §7): membership types, payment options, costs and promo validation. */

export const PAYMENT_TYPES = ['recurring', 'fixed'] as const;
export const paymentType = z.enum(PAYMENT_TYPES);
export const fixedPeriod = z.enum(['day', 'week', 'month', 'year']);

export const isPurchasable = z.object({
  can_purchase: z.boolean(),
  has_prices: z.boolean(),
  message: z.string().nullable(),
});
export type IsPurchasable = z.infer<typeof isPurchasable>;

export const paymentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  payment_type: paymentType,
  fixed_duration: z.number().int().nullable(),
  fixed_period: fixedPeriod.nullable(),
  fees: z.object({ base_fee: money, joining_fee: money }),
  global_base_price: money,
  total_to_pay_now: money,
  is_purchasable: isPurchasable,
  promotion_enabled: z
    .boolean()
    .describe(
      "A promotion is good now for this option (as the costs call's promotion_enabled): the promo code is offered",
    ),
});
export type PaymentOption = z.infer<typeof paymentOption>;

export const membershipBenefit = z.object({
  name: z.string(),
  total_uses: z.number().int(),
  frequency: z.enum(['month', 'week']).describe("Shown as 'per {frequency}'"),
  description: z.string(),
});

export const membership = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  categories: z.array(z.object({ name: z.string() })),
  coverage: z.union([
    z.literal('national'),
    z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  ]),
  eligibility: z.object({ name: z.string() }).nullable(),
  description: z.string().describe('Sanitised HTML'),
  provides_access_to: z.array(z.object({ name: z.string() })),
  benefits: z.array(membershipBenefit),
  payment_options: z.array(paymentOption),
});
export type Membership = z.infer<typeof membership>;

export const membershipTypesQuery = z.object({
  venue_id: idParam,
  /** Also list memberships the caller cannot buy (only where the venue allows it). */
  include_ineligible: z.enum(['true', 'false']).optional(),
});
export const membershipTypesReply = envelope(z.array(membership));

export const costs = z.object({
  total_to_pay_now: money,
  pretty_first_billing_date: z.string().nullable().describe("'D MMMM YYYY', or the usual-payment-date text"),
  global_base_price: money,
  promotion_enabled: z.boolean(),
  payment_type: paymentType,
  fixed_duration: z.number().int().nullable(),
  fixed_period: fixedPeriod.nullable(),
  pro_rata_days: z.number().int(),
  fees: z.object({
    joining_fee: money,
    base_fee: money,
    pro_rata_fee: money,
    month_in_hand_fee: money,
    discount: money,
  }),
  start_date: z.string().describe('YYYY-MM-DD, venue-local'),
  billing_day: z.number().int().nullable(),
  first_billing_date: z.string().nullable().describe('YYYY-MM-DD'),
});
export type Costs = z.infer<typeof costs>;

export const costsParams = z.object({
  typeId: idParam,
  optionId: idParam,
});
/** Loose on purpose: the service answers 422 field errors keyed start_date / billing_day. */
export const costsQuery = z.object({
  start_date: z.string().max(20).optional(),
  billing_day: z.string().max(10).optional(),
  venue_id: idParam.optional(),
  promotion_code_id: idParam.optional(),
});
export const costsReply = envelope(costs);

export const promoValidationParams = z.object({
  code: z.string().min(1).max(50),
  paymentOptionId: idParam,
});
export const promoValidation = z.object({ code: z.string(), id: z.number().int() });
export const promoValidationReply = envelope(promoValidation);

// Custom questions (joining §3, §5, §7)

export const CUSTOM_QUESTION_TYPES = [
  'text',
  'number',
  'select',
  'multi_select',
  'date',
  'checkbox',
] as const;
export const customQuestionAnswer = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.null(),
]);
export type CustomQuestionAnswer = z.infer<typeof customQuestionAnswer>;

export const customQuestion = z.object({
  id: z.number().int(),
  reference: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_QUESTION_TYPES),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  placeholder: z.string().nullable(),
  is_required: z.boolean(),
  default: z.string().nullable(),
  /** The caller's saved answer (null when anonymous or unanswered). */
  answer: customQuestionAnswer,
});
export type CustomQuestion = z.infer<typeof customQuestion>;

export const customQuestionsParams = z.object({ id: idParam });
export const customQuestionsReply = envelope(z.array(customQuestion));
export const customAnswersBody = z.object({
  answers: z.record(z.string(), z.object({ question_id: idParam, answer: customQuestionAnswer })),
});
export type CustomAnswersBody = z.infer<typeof customAnswersBody>;

// Data-field form (joining §3 Data-field form, §7 Data fields)

export const dataFieldsQuery = z.object({ onboarding_type: z.enum(ONBOARDING_TYPES) });

export const dataField = z.object({
  path: z.string().describe('Where the answer goes in the submitted form (snake_case key)'),
  name: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_QUESTION_TYPES),
  is_required: z.boolean(),
  /** false: the field is shown greyed out (the customer may not change it). */
  is_authorised: z.boolean(),
  placeholder: z.string().nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  html_attributes: z.record(z.string(), z.string()),
  metadata: z.object({ description: z.string().nullable() }),
  answer: customQuestionAnswer,
});
export type DataField = z.infer<typeof dataField>;

export const dataFieldSection = z.object({
  section_name: z.string(),
  section_reference: z.string(),
  section_fields: z.array(dataField),
});
export const dataFieldsReply = envelope(
  z.object({
    sections: z.array(dataFieldSection),
    checksum: z
      .string()
      .describe('sha256 of the form definition (not the answers): changes when the form does'),
  }),
);

export const joiningCalls = {
  /** The personal details joining (or /user-details) asks for, with the caller's answers. */
  getDataFields: { query: dataFieldsQuery, reply: dataFieldsReply },
  /** The venue's memberships, tailored to the caller when logged in. */
  getMembershipTypes: { query: membershipTypesQuery, reply: membershipTypesReply },
  /** A payment option's costs for a start date, billing day and promotion. */
  getMembershipCosts: { params: costsParams, query: costsQuery, reply: costsReply },
  validatePromoCode: { params: promoValidationParams, reply: promoValidationReply },
  getCustomQuestions: { params: customQuestionsParams, reply: customQuestionsReply },
  /** A logged-in member's answers. */
  saveCustomQuestionAnswers: {
    params: customQuestionsParams,
    body: customAnswersBody,
    reply: customQuestionsReply,
  },
} as const satisfies Calls;
