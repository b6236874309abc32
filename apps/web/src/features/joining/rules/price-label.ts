/** The parts of a payment option (or costs) a price label needs, camelCased. */
export interface PricedOption {
  paymentType: 'recurring' | 'fixed';
  fixedDuration: number | null;
  fixedPeriod: 'day' | 'week' | 'month' | 'year' | null;
}

/** '12 months', '1 year' (singular when 1); null when the option has no duration. */
export function durationLabel(option: Pick<PricedOption, 'fixedDuration' | 'fixedPeriod'>): string | null {
  if (!option.fixedDuration || !option.fixedPeriod) return null;
  return `${option.fixedDuration} ${option.fixedPeriod}${option.fixedDuration === 1 ? '' : 's'}`;
}

/** '£35.00 per month' for recurring; '£320.00 for 12 months' (or 'for 1 year') for fixed (joining §4). */
export function priceLabel(option: PricedOption, formattedPrice: string): string {
  if (option.paymentType === 'recurring') return `${formattedPrice} per month`;
  const duration = durationLabel(option);
  return duration ? `${formattedPrice} for ${duration}` : formattedPrice;
}

/** 'per month' / 'per week' under a benefit's uses (joining §3 benefits). */
export const perPeriod = (frequency: string): string => `per ${frequency}`;
