/**
 * VAT (issue 37, decision 082): the treatments a product may have, the UK rates by the date they took effect, and
 * the arithmetic every price in Fieldhouse uses (prices include VAT).
 */
import { z } from 'zod';

/** standard 20%, reduced 5%, zero 0% (a taxable supply at 0%), exempt (no VAT: swimming lessons, cultural admission). */
export const VAT_TREATMENTS = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

export const vatTreatment = z.enum(VAT_TREATMENTS, {
  error: 'The VAT treatment is standard, reduced, zero or exempt.',
});

/** Names people read (receipts, reports). */
export const VAT_TREATMENT_NAMES: Record<VatTreatment, string> = {
  standard: 'Standard',
  reduced: 'Reduced',
  zero: 'Zero',
  exempt: 'Exempt',
};

/**
 * The rates in basis points (2000 is 20%), each from the (UK) date it took effect, newest last. A change of rate is a
 * new row: sales before its date keep the old rate (each order line stores the rate it was sold at).
 */
export const VAT_RATES: readonly { from: string; rates: Record<VatTreatment, number> }[] = [
  { from: '2011-01-04', rates: { standard: 2000, reduced: 500, zero: 0, exempt: 0 } },
];

/** The rate (basis points) of a treatment on a UK calendar date (YYYY-MM-DD); the oldest row before its date. */
export function vatRateOn(treatment: VatTreatment, date: string): number {
  let row = VAT_RATES[0]!;
  for (const r of VAT_RATES) if (r.from <= date) row = r;
  return row.rates[treatment];
}

/** The UK calendar date of an instant (VAT rates change at midnight, UK time). */
export function ukDateOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The rate of a treatment at an instant. */
export const vatRateAt = (treatment: VatTreatment, instant: Date) => vatRateOn(treatment, ukDateOf(instant));

/**
 * VAT included in a VAT-inclusive price (pence) at a rate (basis points): price × rate / (10000 + rate), rounded to the
 * nearest penny, halves away from zero (PostgreSQL's round(numeric) does the same, so SQL and this agree). Integer
 * arithmetic only: exact for any price a till can take. A negative price (a discount) gives a negative VAT of the same
 * size as its positive.
 */
export function vatIncludedIn(price: number, rate: number): number {
  if (!Number.isInteger(price) || !Number.isInteger(rate) || rate < 0) {
    throw new RangeError(`VAT of ${price} at ${rate}: whole pence and basis points, rate 0 or more`);
  }
  if (price === 0 || rate === 0) return 0;
  const size = Math.abs(price);
  const divisor = 10000 + rate;
  const vat = Math.floor((2 * size * rate + divisor) / (2 * divisor));
  return price < 0 ? -vat : vat;
}

/** '20%', '5%', '0%', '17.5%'. */
export const vatRateText = (rate: number) =>
  `${(rate / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;

/**
 * A UK VAT registration number: GB and 9 digits (or 12, a branch), spaces allowed, or the same without GB; stored as
 * typed, upper case, without spaces (GB123456789).
 */
export const VAT_NUMBER_PATTERN = /^(GB)?(\d{9}|\d{12})$/;
export const VAT_NUMBER_MESSAGE =
  'A VAT registration number is GB and 9 or 12 digits (GB123456789), or the digits alone.';
export const normaliseVatNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const vatNumber = z
  .string({ error: VAT_NUMBER_MESSAGE })
  .transform(normaliseVatNumber)
  .refine((v) => VAT_NUMBER_PATTERN.test(v), VAT_NUMBER_MESSAGE);
