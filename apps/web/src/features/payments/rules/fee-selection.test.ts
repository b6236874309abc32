import { describe, expect, it } from 'vitest';
import {
  cartItemIdsForFees,
  displayedSelection,
  isAllSelected,
  selectedFeeIds,
  selectedTotal,
  unselectedFeeIds,
} from './fee-selection';

const fee = (id: number, raw = 500) => ({ id, feeAmount: { raw } });
const item = (id: number, cartableId: number, cartableType = 'penalty') => ({ id, cartableId, cartableType });
const fees = [fee(1, 500), fee(2, 750), fee(3, 1000)];

describe('fee selection from the basket', () => {
  it('selects the fees that have a penalty item in the basket', () => {
    const cart = [item(10, 2), item(11, 3, 'activity'), item(12, 99)];
    expect([...selectedFeeIds(fees, cart)]).toEqual([2]);
  });

  it('ignores non-penalty items that happen to share an id', () => {
    expect(selectedFeeIds(fees, [item(10, 1, 'activity')]).size).toBe(0);
  });

  it('turns select-all on only when the selected count equals the fee count', () => {
    const some = selectedFeeIds(fees, [item(10, 1), item(11, 2)]);
    expect(isAllSelected(fees, some)).toBe(false);
    const all = selectedFeeIds(fees, [item(10, 1), item(11, 2), item(12, 3), item(13, 4)]);
    expect(isAllSelected(fees, all)).toBe(true);
    expect(isAllSelected([], new Set())).toBe(false);
  });

  it('adds only the missing fees on select-all and removes every penalty item on clear-all', () => {
    const cart = [item(10, 1), item(11, 2, 'activity'), item(12, 3)];
    const selected = selectedFeeIds(fees, cart);
    expect(unselectedFeeIds(fees, selected)).toEqual([2]);
    expect(cartItemIdsForFees([1, 2, 3], cart)).toEqual([10, 12]);
  });

  it('shows a change in flight optimistically', () => {
    const selected = new Set([1]);
    expect([...displayedSelection(selected, [{ kind: 'add', feeIds: [2, 3] }])].sort()).toEqual([1, 2, 3]);
    expect([...displayedSelection(selected, [{ kind: 'remove', feeIds: [1] }])]).toEqual([]);
    expect([...displayedSelection(selected, [])]).toEqual([1]);
    // Quick successive ticks are all shown, applied in order.
    expect(
      [
        ...displayedSelection(selected, [
          { kind: 'add', feeIds: [2] },
          { kind: 'add', feeIds: [3] },
          { kind: 'remove', feeIds: [1] },
        ]),
      ].sort(),
    ).toEqual([2, 3]);
  });

  it('totals the selected fees', () => {
    expect(selectedTotal(fees, new Set([1, 3]))).toBe(1500);
  });
});
