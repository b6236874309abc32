/** What the operator sells as membership, and the rules and documents around it. */
import { z } from 'zod';
import { vatTreatment } from '../vat.ts';
import { count, DATE_RANGE_TEXT, html, key, line, lines, localDate, pence, ref, text } from './fields.ts';

export const CATALOGUE_QUESTION_TYPES = [
  'text',
  'number',
  'select',
  'multi_select',
  'date',
  'checkbox',
] as const;
export const CATALOGUE_TERMS_KINDS = ['checkout', 'direct_debit', 'health_commitment', 'membership'] as const;
export const CATALOGUE_WAIVER_TYPES = ['simple', 'enhanced-pre-waiver'] as const;

export const eligibilityCriterion = z
  .strictObject({
    key,
    name: text('The criterion’s name').meta({ description: 'What a member proves, e.g. Full-time student.' }),
    documents: z
      .array(z.strictObject({ key, name: text('The document’s name') }))
      .default([])
      .meta({ description: 'Documents that prove it (e.g. Student ID card).' }),
  })
  .meta({ description: 'A proof of eligibility members upload.' });

const paymentOption = z
  .strictObject({
    key,
    name: text('The payment option’s name'),
    type: z.enum(['recurring', 'fixed'], { error: 'A payment option’s type is recurring or fixed.' }),
    base_fee: pence.meta({ description: 'Monthly price (recurring) or the whole price (fixed), in pence.' }),
    joining_fee: pence.default(0),
    month_in_hand: z
      .boolean()
      .default(false)
      .meta({ description: 'Recurring: one base fee is taken up front.' }),
    duration: z
      .strictObject({
        count: count('The duration'),
        period: z.enum(['day', 'week', 'month', 'year'], { error: 'A period is day, week, month or year.' }),
      })
      .nullable()
      .default(null)
      .meta({ description: 'Fixed options: how long the membership lasts.' }),
  })
  .refine((o) => o.type === 'recurring' || o.duration !== null, {
    error: 'A fixed payment option needs a duration (count and period).',
    path: ['duration'],
  })
  .refine((o) => o.type === 'fixed' || o.duration === null, {
    error: 'A recurring payment option has no duration.',
    path: ['duration'],
  });

const benefit = z.strictObject({
  key,
  kind: z
    .enum(['activity', 'guest_pass'], { error: 'A benefit’s kind is activity or guest_pass.' })
    .default('activity'),
  name: text('The benefit’s name'),
  description: lines('The description').default(''),
  activity_category: text('The activity category', 80).meta({
    description: 'Activities of this category are discounted (guest passes: the category shown).',
  }),
  discount_percent: count('The discount in percent').max(100, 'A discount is at most 100 percent (free).'),
  uses: count('Uses per period'),
  per: z.enum(['month', 'week'], { error: 'A benefit’s period is month or week.' }),
});

const question = z.strictObject({
  key: key.meta({ description: 'The question’s reference; keep it when you reword the label.' }),
  label: text('The question', 300),
  type: z.enum(CATALOGUE_QUESTION_TYPES, {
    error: `A question's type is one of ${CATALOGUE_QUESTION_TYPES.join(', ')}.`,
  }),
  options: z
    .array(z.strictObject({ value: line('The value').min(1), label: line('The label').min(1) }))
    .default([]),
  placeholder: line('The placeholder').nullable().default(null),
  required: z.boolean().default(false),
  default: line('The default').nullable().default(null),
});

export const catalogueMembershipType = z
  .strictObject({
    key: key.meta({ description: 'The membership type’s key (its slug in the join site’s addresses).' }),
    name: text('The membership’s name'),
    description_html: html.default(''),
    category: text('The category', 80).meta({ description: 'E.g. Adult, Junior, Concession.' }),
    venues: z
      .array(ref('venue'))
      .nullable()
      .default(null)
      .meta({ description: 'The venues it covers; leave out (null) for every venue (national).' }),
    eligibility: z
      .strictObject({
        name: text('The eligibility’s name').meta({ description: 'Who may buy it, e.g. Students.' }),
        criterion: ref('eligibility criterion')
          .nullable()
          .default(null)
          .meta({ description: 'The proof they upload; null when none is needed.' }),
      })
      .nullable()
      .default(null),
    provides_access_to: z.array(line('What it gives access to').min(1)).default([]),
    payment_options: z.array(paymentOption).min(1, 'A membership type needs at least one payment option.'),
    benefits: z.array(benefit).default([]),
    questions: z.array(question).default([]),
    vat: vatTreatment.default('standard').meta({
      description:
        'VAT on what members pay for it (fees, pro-rata, fixed terms): standard (20%), reduced (5%), zero or exempt.',
    }),
  })
  .meta({ description: 'A membership type with its payment options, benefits and joining questions.' });

export const freezeType = z
  .strictObject({
    key,
    reason: text('The freeze reason'),
    months: z
      .array(count('A freeze period in months'))
      .min(1, 'List at least one period in months, like [1, 2, 3].'),
    monthly_fee: pence.default(0),
    proof: z
      .strictObject({
        criterion: ref('eligibility criterion'),
        document: ref('document'),
        description: lines('The description').nullable().default(null),
      })
      .nullable()
      .default(null)
      .meta({ description: 'The document the member uploads to prove the reason.' }),
  })
  .meta({ description: 'A reason members may freeze for, the periods offered and the fee.' });

export const promotion = z
  .strictObject({
    key,
    code: z
      .string()
      .regex(/^[A-Z0-9-]{3,30}$/i, 'A promotion code is 3 to 30 letters, digits or hyphens.')
      .meta({ description: 'What members type (matched without regard to case).' }),
    payment_option: z
      .strictObject({ membership_type: ref('membership type'), option: ref('payment option') })
      .nullable()
      .default(null)
      .meta({ description: 'Limit the code to one payment option; null for every option.' }),
    kind: z.enum(['percent', 'fixed'], { error: 'A promotion’s kind is percent or fixed.' }),
    value: count('The promotion’s value').meta({ description: 'Percent (1–100) or pence off.' }),
    applies_to: z.enum(['joining_fee', 'first_payment', 'both'], {
      error: 'applies_to is joining_fee, first_payment or both.',
    }),
    valid_from: localDate
      .nullable()
      .default(null)
      .meta({ description: `First day it works (operator’s zone; ${DATE_RANGE_TEXT}).` }),
    valid_until: localDate
      .nullable()
      .default(null)
      .meta({ description: `Last day it works (inclusive; ${DATE_RANGE_TEXT}).` }),
  })
  .refine((p) => p.kind !== 'percent' || p.value <= 100, {
    error: 'A percent promotion is at most 100.',
    path: ['value'],
  })
  .meta({ description: 'A joining promotion code.' });

export const catalogueTerms = z
  .strictObject({
    key,
    kind: z.enum(CATALOGUE_TERMS_KINDS, {
      error: `Terms' kind is one of ${CATALOGUE_TERMS_KINDS.join(', ')}.`,
    }),
    title: text('The title'),
    html: html,
  })
  .meta({ description: 'Terms members agree to (checkout, direct debit, health commitment, membership).' });

export const catalogueWaiver = z
  .strictObject({
    key,
    restriction: text('The restriction name').meta({ description: 'Shown as what the activity requires.' }),
    type: z.enum(CATALOGUE_WAIVER_TYPES).default('simple'),
    title: text('The title'),
    valid_for_months: count('Months a signature is good for').nullable().default(null),
    versions: z
      .array(
        z.strictObject({
          version: count('The version'),
          body_html: html,
          questions: z
            .array(
              z.strictObject({
                key,
                label: text('The question', 300),
                type: z.enum(CATALOGUE_QUESTION_TYPES),
              }),
            )
            .default([]),
        }),
      )
      .min(1, 'A waiver needs at least one version.')
      .meta({ description: 'Every version ever published, oldest first; members sign the latest.' }),
  })
  .meta({ description: 'A waiver attendees sign before booking activities that require it.' });

export type CatalogueMembershipType = z.output<typeof catalogueMembershipType>;
export type CataloguePromotion = z.output<typeof promotion>;
export type CatalogueWaiver = z.output<typeof catalogueWaiver>;
