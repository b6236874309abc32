/**
 * Unpaid-fee selection (joining §4 Payments): the penalty items in the basket say which fees are selected.
 * Checking a fee adds it to the basket (type 'penalty'), unchecking removes its basket item; select-all
 * adds every fee not yet there, clear-all removes them all. Select-all is on when the selected count
 * equals the fee count. Pure functions, so the rules are tested apart from React.
 */
export interface FeeLike {
  id: number;
  feeAmount: { raw: number };
}
export interface CartItemLike {
  id: number;
  cartableType: string;
  cartableId: number;
}

/** A change in flight: these fees are being added or removed. */
export type FeeChange = { kind: 'add' | 'remove'; feeIds: readonly number[] };

export const penaltyItems = <T extends CartItemLike>(cartItems: readonly T[]): T[] =>
  cartItems.filter((item) => item.cartableType === 'penalty');

/** Ids of the fees that have a penalty item in the basket. */
export function selectedFeeIds(fees: readonly FeeLike[], cartItems: readonly CartItemLike[]): Set<number> {
  const inCart = new Set(penaltyItems(cartItems).map((item) => item.cartableId));
  return new Set(fees.filter((fee) => inCart.has(fee.id)).map((fee) => fee.id));
}

/** What the checkboxes show while changes are queued or in flight (optimistic, in order), else the basket. */
export function displayedSelection(
  selected: ReadonlySet<number>,
  pending: readonly FeeChange[],
): Set<number> {
  const next = new Set(selected);
  for (const change of pending) {
    for (const id of change.feeIds) {
      if (change.kind === 'add') next.add(id);
      else next.delete(id);
    }
  }
  return next;
}

export const isAllSelected = (fees: readonly FeeLike[], selected: ReadonlySet<number>): boolean =>
  fees.length > 0 && fees.filter((fee) => selected.has(fee.id)).length === fees.length;

/** Fees select-all must add: those not in the basket yet. */
export const unselectedFeeIds = (fees: readonly FeeLike[], selected: ReadonlySet<number>): number[] =>
  fees.filter((fee) => !selected.has(fee.id)).map((fee) => fee.id);

/** Basket item ids to remove for these fees (every penalty item pointing at one of them). */
export function cartItemIdsForFees(feeIds: readonly number[], cartItems: readonly CartItemLike[]): number[] {
  const wanted = new Set(feeIds);
  return penaltyItems(cartItems)
    .filter((item) => wanted.has(item.cartableId))
    .map((item) => item.id);
}

/** Sum of the selected fees, in pence. */
export const selectedTotal = (fees: readonly FeeLike[], selected: ReadonlySet<number>): number =>
  fees.reduce((sum, fee) => (selected.has(fee.id) ? sum + fee.feeAmount.raw : sum), 0);
