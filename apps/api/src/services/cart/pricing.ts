/**
 * Basket pricing, as pure functions (services load the data; these decide the numbers).
 *
 * Per activity line, in basket order: the best membership benefit whose category matches and that has uses
 * left this period (highest discount, then the oldest benefit), else a package with sessions left whose
 * category matches (soonest to expire first), else full price. A line whose usage the customer removed pays
 * full price. Each line uses up one benefit use or one package session, so two lines cannot share the last one;
 * on a line of several places (court hire, tickets) the benefit or package pays for one place, the member's own.
 *
 * Totals: prices include VAT; the tax total is the sum of each line's VAT at its own rate (decision 082: a line's
 * VAT is round(price × rate / (10000 + rate)), standard 20% unless the product says otherwise). Credit: general credit pays up to the whole basket;
 * membership credit pays only membership lines. Offline tenders (front-of-house) pay what is left after credit.
 */

import { vatIncludedIn } from '@fieldhouse/contract/vat';

export const MEMBERSHIP_LINE_TYPES = new Set(['membership', 'membershipRenewal']);

export type PricingLine = {
  itemId: number;
  type: string;
  fullPrice: number;
  /** Price of one place when the line holds several (fullPrice when absent). */
  unitPrice?: number;
  /** Activity category (benefits and packages match on it); null for other lines. */
  category: string | null;
  usageRemoved: boolean;
  /** VAT rate of the line in basis points (2000 = 20%; 0 for zero-rated and exempt); 2000 when absent. */
  vatRate?: number;
};

export type AvailableBenefit = {
  benefitId: number;
  membershipId: number;
  name: string;
  category: string;
  discountPercent: number;
  usesLeft: number;
};

export type AvailablePackage = {
  packageId: number;
  name: string;
  category: string;
  sessionsRemaining: number;
  expiresAt: Date | null;
};

export type PricedLine = PricingLine & {
  price: number;
  benefit: { benefitId: number; membershipId: number; name: string } | null;
  package: { packageId: number; name: string } | null;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Pence off for a percentage discount (rounded to the nearest penny; 100% is the whole price). */
export const discountOf = (price: number, percent: number) => Math.round((price * percent) / 100);

export function priceLines(
  lines: PricingLine[],
  benefits: AvailableBenefit[],
  packages: AvailablePackage[],
): PricedLine[] {
  const usesLeft = new Map(benefits.map((b) => [b.benefitId, b.usesLeft]));
  const sessionsLeft = new Map(packages.map((p) => [p.packageId, p.sessionsRemaining]));
  const benefitOrder = [...benefits].sort(
    (a, b) => b.discountPercent - a.discountPercent || a.benefitId - b.benefitId,
  );
  const packageOrder = [...packages].sort(
    (a, b) =>
      (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) || a.packageId - b.packageId,
  );
  return lines.map((line) => {
    const full: PricedLine = { ...line, price: line.fullPrice, benefit: null, package: null };
    if (line.type !== 'activity' || line.usageRemoved || line.category === null || line.fullPrice <= 0) {
      return full;
    }
    const category = line.category;
    const unit = Math.min(line.unitPrice ?? line.fullPrice, line.fullPrice);
    const benefit = benefitOrder.find(
      (b) => same(b.category, category) && (usesLeft.get(b.benefitId) ?? 0) > 0,
    );
    if (benefit) {
      usesLeft.set(benefit.benefitId, (usesLeft.get(benefit.benefitId) ?? 0) - 1);
      return {
        ...full,
        price: line.fullPrice - discountOf(unit, benefit.discountPercent),
        benefit: { benefitId: benefit.benefitId, membershipId: benefit.membershipId, name: benefit.name },
      };
    }
    const pack = packageOrder.find(
      (p) => same(p.category, category) && (sessionsLeft.get(p.packageId) ?? 0) > 0,
    );
    if (pack) {
      sessionsLeft.set(pack.packageId, (sessionsLeft.get(pack.packageId) ?? 0) - 1);
      return {
        ...full,
        price: line.fullPrice - unit,
        package: { packageId: pack.packageId, name: pack.name },
      };
    }
    return full;
  });
}

const STANDARD_RATE = 2000;
/** The VAT a priced line includes, at its rate (standard 20% when the line states none). */
export const lineVat = (line: { price: number; vatRate?: number }) =>
  vatIncludedIn(line.price, line.vatRate ?? STANDARD_RATE);

export type Tender = { tenderType: string; amount: number };

export type BasketTotals = {
  subTotal: number;
  taxTotal: number;
  total: number;
  creditApplied: number;
  /** Credit taken from each kind (membership first, for membership lines). */
  creditSplit: { membership: number; general: number };
  offlineApplied: number;
  totalToPay: number;
  itemCount: number;
  credits: {
    membership: { available: number; maxApplicable: number };
    general: { available: number; maxApplicable: number };
  };
};

export function basketTotals(input: {
  lines: Pick<PricedLine, 'type' | 'price' | 'vatRate'>[];
  creditAvailable: { general: number; membership: number };
  tenders: Tender[];
}): BasketTotals {
  const total = input.lines.reduce((sum, l) => sum + l.price, 0);
  const membershipLines = input.lines
    .filter((l) => MEMBERSHIP_LINE_TYPES.has(l.type))
    .reduce((sum, l) => sum + l.price, 0);
  const general = Math.max(0, input.creditAvailable.general);
  const membership = Math.max(0, input.creditAvailable.membership);
  const maxMembership = Math.min(membership, membershipLines);
  const maxGeneral = Math.min(general, total);

  const requestedCredit = input.tenders
    .filter((t) => t.tenderType === 'credit')
    .reduce((sum, t) => sum + Math.max(0, t.amount), 0);
  const fromMembership = Math.min(requestedCredit, maxMembership);
  const fromGeneral = Math.min(requestedCredit - fromMembership, maxGeneral, total - fromMembership);
  const creditApplied = fromMembership + fromGeneral;

  const requestedOffline = input.tenders
    .filter((t) => t.tenderType !== 'credit')
    .reduce((sum, t) => sum + Math.max(0, t.amount), 0);
  const offlineApplied = Math.min(requestedOffline, total - creditApplied);
  const totalToPay = total - creditApplied - offlineApplied;
  return {
    subTotal: total,
    taxTotal: input.lines.reduce((sum, l) => sum + lineVat(l), 0),
    total,
    creditApplied,
    creditSplit: { membership: fromMembership, general: fromGeneral },
    offlineApplied,
    totalToPay,
    itemCount: input.lines.length,
    credits: {
      membership: { available: membership, maxApplicable: maxMembership },
      general: { available: general, maxApplicable: maxGeneral },
    },
  };
}

/** The most credit (both kinds together) that may pay this basket. */
export const maxCreditApplicable = (totals: BasketTotals) =>
  Math.min(totals.total, totals.credits.general.maxApplicable + totals.credits.membership.maxApplicable);

/**
 * The tenders as they will actually be taken: credit capped at what may apply, offline tenders (in order) capped
 * at what credit leaves. Used when a basket's stored payments no longer fit it (e.g. a line was removed since).
 */
export function capTenders(tenders: Tender[], totals: BasketTotals): Tender[] {
  const capped: Tender[] = [];
  if (totals.creditApplied > 0) capped.push({ tenderType: 'credit', amount: totals.creditApplied });
  let offlineLeft = totals.offlineApplied;
  for (const t of tenders) {
    if (t.tenderType === 'credit' || offlineLeft <= 0) continue;
    const amount = Math.min(Math.max(0, t.amount), offlineLeft);
    if (amount > 0) capped.push({ tenderType: t.tenderType, amount });
    offlineLeft -= amount;
  }
  return capped;
}
