/**
 * Joining costs (joining §3 Costs, the pro-rata of a new membership): the rules, pure functions on integer pence
 * and venue-local calendar dates (no instants, so a clock change cannot move a day), and below them the costs call
 * and the submission's pricing, which check the inputs against the option and apply the rules. A change's costs
 * are in change-pricing.ts, payment dates in payment-schedule.ts.
 *
 * Definitions (D = start date, B = billing day 1–28, F = base fee, J = joining fee):
 *
 * Recurring option
 * - first billing date P = the first date after D (strictly) whose day of month is B; when P − D < 7 days,
 *   P moves on one month (the member would otherwise pay twice within a week).
 * - pro_rata_days = P − D (D up to and including the day before P).
 * - pro_rata_fee = round(F × pro_rata_days / daysInMonth(D)) (half away from zero; D's calendar month).
 * - month_in_hand_fee = F when the option collects a month in hand, else 0.
 * - first payment = pro_rata_fee + month_in_hand_fee.
 *
 * Fixed option (single payment)
 * - no billing day, no pro-rata: first payment = F (the whole price), month_in_hand_fee = 0.
 *
 * Promotion (optional) on the part it applies to: A = J (joining_fee), first payment (first_payment) or both.
 * - percent p: discount = round(A × p / 100); fixed v pence: discount = min(v, A). So 0 ≤ discount ≤ A.
 *
 * total_to_pay_now = J + first payment − discount (never negative, since discount ≤ A ≤ J + first payment).
 * The monthly payment after P is F (global_base_price).
 */

import { type Costs, JOINING_TEXTS } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type JoinCostsSnapshot, membershipPromotions, type paymentOptions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import {
  addMonths,
  compareDates,
  DEFAULT_TIME_ZONE,
  daysBetween,
  daysInMonth,
  formatIso,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { checkPurchasable, type JoiningCaller } from './eligibility.ts';
import { optionOfClient, typesAtVenue, venueOf } from './lookups.ts';
import { usablePromotion } from './promotions.ts';

export type PricedOption = {
  paymentType: 'recurring' | 'fixed';
  baseFee: number;
  joiningFee: number;
  monthInHand: boolean;
};

export type Promotion = {
  kind: 'percent' | 'fixed';
  value: number;
  appliesTo: 'joining_fee' | 'first_payment' | 'both';
};

export type CostBreakdown = {
  paymentType: 'recurring' | 'fixed';
  baseFee: number;
  joiningFee: number;
  proRataFee: number;
  proRataDays: number;
  monthInHandFee: number;
  discount: number;
  totalToPayNow: number;
  firstBillingDate: LocalDate | null;
};

export const MIN_DAYS_TO_FIRST_BILLING = 7;

/**
 * The inputs cannot be priced (a monthly option without a billing day, or a billing day outside 1–28, e.g. one
 * stored on an account made elsewhere). The costs call answers it as 422 `incalculable_price` (joining §8).
 */
export class IncalculablePriceError extends RangeError {
  override readonly name = 'IncalculablePriceError';
}

/** The first billing date for a start date and billing day (1–28); see the module comment. */
export function firstBillingDate(start: LocalDate, billingDay: number): LocalDate {
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 28)
    throw new IncalculablePriceError(`billing day must be 1–28, got ${billingDay}`);
  let next: LocalDate =
    start.day < billingDay
      ? { year: start.year, month: start.month, day: billingDay }
      : { ...addMonths({ ...start, day: 1 }, 1), day: billingDay };
  if (daysBetween(start, next) < MIN_DAYS_TO_FIRST_BILLING) next = addMonths(next, 1);
  return next;
}

/** Half away from zero (all inputs here are non-negative). */
const round = (n: number) => Math.round(n);

export function promotionDiscount(promo: Promotion | null, joiningFee: number, firstPayment: number) {
  if (!promo) return 0;
  const base =
    promo.appliesTo === 'joining_fee'
      ? joiningFee
      : promo.appliesTo === 'first_payment'
        ? firstPayment
        : joiningFee + firstPayment;
  const discount = promo.kind === 'percent' ? round((base * Math.min(promo.value, 100)) / 100) : promo.value;
  return Math.max(0, Math.min(discount, base));
}

export function computeCosts(input: {
  option: PricedOption;
  startDate: LocalDate;
  billingDay: number | null;
  promotion: Promotion | null;
}): CostBreakdown {
  const { option, startDate, promotion } = input;
  let proRataFee = 0;
  let proRataDays = 0;
  let monthInHandFee = 0;
  let firstPayment: number;
  let first: LocalDate | null = null;
  if (option.paymentType === 'recurring') {
    if (input.billingDay === null) throw new IncalculablePriceError('a recurring option needs a billing day');
    first = firstBillingDate(startDate, input.billingDay);
    proRataDays = daysBetween(startDate, first);
    proRataFee = round((option.baseFee * proRataDays) / daysInMonth(startDate.year, startDate.month));
    monthInHandFee = option.monthInHand ? option.baseFee : 0;
    firstPayment = proRataFee + monthInHandFee;
  } else {
    firstPayment = option.baseFee;
  }
  const discount = promotionDiscount(promotion, option.joiningFee, firstPayment);
  return {
    paymentType: option.paymentType,
    baseFee: option.baseFee,
    joiningFee: option.joiningFee,
    proRataFee,
    proRataDays,
    monthInHandFee,
    discount,
    totalToPayNow: option.joiningFee + firstPayment - discount,
    firstBillingDate: first,
  };
}

/** The lines that make up total_to_pay_now (signed), in display order. */
export function linesNow(c: CostBreakdown): number[] {
  const lines = [c.joiningFee];
  if (c.paymentType === 'fixed') lines.push(c.baseFee);
  else lines.push(c.proRataFee, c.monthInHandFee);
  lines.push(-c.discount);
  return lines;
}

/** The allowed start dates: today (venue-local) up to the same day next month (clamped to month end). */
export function startDateWindow(today: LocalDate): { min: LocalDate; max: LocalDate } {
  return { min: today, max: addMonths(today, 1) };
}

// The costs call and the submission (GET memberships/types/:typeId/payment-options/:optionId, POST memberships):
// the inputs checked against the option, priced by the rules above.

type OptionRow = typeof paymentOptions.$inferSelect;
type PromotionRow = typeof membershipPromotions.$inferSelect;

const toPromotion = (p: PromotionRow): Promotion => ({
  kind: p.kind,
  value: p.value,
  appliesTo: p.appliesTo,
});

export type ResolvedCosts = {
  startDate: LocalDate;
  billingDay: number | null;
  /** The member keeps the billing day they already have. */
  usualDate: boolean;
  promotion: PromotionRow | null;
  breakdown: CostBreakdown;
};

/**
 * Checks the costs inputs against the option and prices them. Field errors (not thrown, so a submission can add
 * its own): start_date (invalid, in the past, more than a month ahead, venue-local), billing_day (recurring without
 * one, or outside 1–28; ignored when the member already has one), promotion_code_id (not good now for the option).
 */
export async function resolveJoinCosts(
  db: DbOrTx,
  input: {
    clientId: number;
    option: OptionRow;
    today: LocalDate;
    startDate?: string;
    billingDay?: string;
    promotionCodeId?: number;
    caller: JoiningCaller;
    now: Date;
  },
): Promise<{ errors: Record<string, string[]>; resolved: ResolvedCosts | null }> {
  const { option, today } = input;
  const errors: Record<string, string[]> = {};

  let startDate = today;
  if (input.startDate) {
    const parsed = parseLocalDate(input.startDate);
    const window = startDateWindow(today);
    if (!parsed) errors.start_date = [JOINING_TEXTS.startDateInvalid];
    else if (compareDates(parsed, window.min) < 0) errors.start_date = [JOINING_TEXTS.startDateInPast];
    else if (compareDates(parsed, window.max) > 0) errors.start_date = [JOINING_TEXTS.startDateTooLate];
    else startDate = parsed;
  }

  let billingDay: number | null = null;
  const usualDate = option.paymentType === 'recurring' && input.caller?.billingDay != null;
  if (option.paymentType === 'recurring') {
    if (usualDate) billingDay = input.caller!.billingDay;
    else if (input.billingDay === undefined || input.billingDay === '')
      errors.billing_day = [JOINING_TEXTS.billingDayRequired];
    else {
      const day = /^\d{1,2}$/.test(input.billingDay) ? Number(input.billingDay) : Number.NaN;
      if (!(day >= 1 && day <= 28)) errors.billing_day = [JOINING_TEXTS.billingDayInvalid];
      else billingDay = day;
    }
  }

  let promotion: PromotionRow | null = null;
  if (input.promotionCodeId !== undefined) {
    const [promo] = await db
      .select()
      .from(membershipPromotions)
      .where(
        and(
          eq(membershipPromotions.id, input.promotionCodeId),
          usablePromotion(input.clientId, option.id, input.now),
        ),
      );
    if (!promo) errors.promotion_code_id = [JOINING_TEXTS.promoNotRecognised];
    else promotion = promo;
  }
  if (Object.keys(errors).length) return { errors, resolved: null };
  let breakdown: CostBreakdown;
  try {
    breakdown = computeCosts({
      option,
      startDate,
      billingDay,
      promotion: promotion ? toPromotion(promotion) : null,
    });
  } catch (error) {
    if (!(error instanceof IncalculablePriceError)) throw error;
    return { errors: { incalculable_price: [JOINING_TEXTS.incalculablePrice] }, resolved: null };
  }
  return { errors, resolved: { startDate, billingDay, usualDate, promotion, breakdown } };
}

/** The costs snapshot a submitted membership keeps. */
export const toCostsSnapshot = (r: ResolvedCosts): JoinCostsSnapshot => ({
  joiningFee: r.breakdown.joiningFee,
  baseFee: r.breakdown.baseFee,
  proRataFee: r.breakdown.proRataFee,
  proRataDays: r.breakdown.proRataDays,
  monthInHandFee: r.breakdown.monthInHandFee,
  discount: r.breakdown.discount,
  totalToPayNow: r.breakdown.totalToPayNow,
  firstBillingDate: r.breakdown.firstBillingDate ? formatIso(r.breakdown.firstBillingDate) : null,
  billingDay: r.billingDay,
  usualPaymentDate: r.usualDate,
});

/**
 * Costs of joining on a payment option (spec §3 Costs). 422 field errors: membership_type_id (the caller may not
 * buy it), start_date, billing_day, promotion_code_id (see resolveJoinCosts). promotion_enabled is per option.
 */
export async function getMembershipCosts(
  db: DbOrTx,
  input: {
    clientId: number;
    clientTimeZone: string;
    typeId: number;
    optionId: number;
    venueId?: number;
    startDate?: string;
    billingDay?: string;
    promotionCodeId?: number;
    caller: JoiningCaller;
    now: Date;
  },
): Promise<Costs> {
  const found = await optionOfClient(db, input.clientId, input.optionId);
  if (!found || found.type.id !== input.typeId) throw notFound();
  const { option } = found;
  let timeZone = input.clientTimeZone || DEFAULT_TIME_ZONE;
  if (input.venueId !== undefined) {
    const venue = await venueOf(db, input.clientId, input.venueId);
    const onSale = await typesAtVenue(db, input.clientId, venue.id);
    if (!onSale.some((t) => t.id === input.typeId)) throw notFound();
    timeZone = venue.timeZone || timeZone;
  }
  const today = localDateOf(input.now, timeZone);
  checkPurchasable(found.type, input.caller, today);
  const { errors, resolved } = await resolveJoinCosts(db, { ...input, option, today });
  const fields = Object.keys(errors);
  if (fields.length || !resolved) throw new HttpError(422, errors[fields[0]!]![0]!, errors);

  const [anyPromotion] = await db
    .select({ id: membershipPromotions.id })
    .from(membershipPromotions)
    .where(usablePromotion(input.clientId, option.id, input.now))
    .limit(1);

  const c = resolved.breakdown;
  return {
    total_to_pay_now: toMoney(c.totalToPayNow),
    pretty_first_billing_date: c.firstBillingDate
      ? resolved.usualDate
        ? JOINING_TEXTS.usualPaymentDate
        : prettyDate(c.firstBillingDate)
      : null,
    global_base_price: toMoney(option.baseFee),
    promotion_enabled: Boolean(anyPromotion),
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    pro_rata_days: c.proRataDays,
    fees: {
      joining_fee: toMoney(c.joiningFee),
      base_fee: toMoney(c.baseFee),
      pro_rata_fee: toMoney(c.proRataFee),
      month_in_hand_fee: toMoney(c.monthInHandFee),
      discount: toMoney(c.discount),
    },
    start_date: formatIso(resolved.startDate),
    billing_day: resolved.billingDay,
    first_billing_date: c.firstBillingDate ? formatIso(c.firstBillingDate) : null,
  };
}
