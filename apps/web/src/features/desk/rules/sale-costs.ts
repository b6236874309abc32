import type { DeskMembershipSale } from '../api/desk-sales';

const PERIOD_WORDS = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

/** What the option costs today and after: joining's own figures (joining fee, pro-rata, first collection). */
export function saleCostsText(sale: DeskMembershipSale): string | null {
  const c = sale.costs;
  if (!c) return null;
  const parts = [];
  if (c.fees.joiningFee.raw > 0) parts.push(`joining fee ${c.fees.joiningFee.formatted}`);
  if (c.fees.proRataFee.raw > 0)
    parts.push(
      `pro-rata ${c.fees.proRataFee.formatted} for ${c.proRataDays} day${c.proRataDays === 1 ? '' : 's'}`,
    );
  if (c.fees.monthInHandFee.raw > 0) parts.push(`month in hand ${c.fees.monthInHandFee.formatted}`);
  const today = `${c.totalToPayNow.formatted} today${parts.length ? ` (${parts.join(', ')})` : ''}`;
  if (sale.paymentType === 'recurring') {
    // A date ('1 December 2026'), or joining's words for a member who already pays on a day of their own.
    const pretty = c.prettyFirstBillingDate;
    const from = pretty
      ? /^\d/.test(pretty)
        ? ` by direct debit from ${pretty}`
        : ' by direct debit on their usual payment day'
      : '';
    return `${today}, then ${c.fees.baseFee.formatted} a month${from}`;
  }
  const period =
    sale.fixedDuration && sale.fixedPeriod
      ? ` for ${sale.fixedDuration} ${PERIOD_WORDS[sale.fixedPeriod]}${sale.fixedDuration === 1 ? '' : 's'}`
      : '';
  return `${today}${period}`;
}
