import type { Cart } from '../../../api/get-cart';

/**
 * Credit the customer can put towards this basket: for each kind (membership, general) the smaller of
 * what they have and what it may pay here, together never more than the basket costs.
 */
export function applicableCredit(cart: Pick<Cart, 'credits' | 'totals'>): number {
  const { membership, general } = cart.credits;
  const ofKind = (credit: typeof membership) =>
    Math.max(0, Math.min(credit.totalAvailable.raw, credit.maxApplicable.raw));
  return Math.min(ofKind(membership) + ofKind(general), Math.max(0, cart.totals.basketCost.raw));
}
