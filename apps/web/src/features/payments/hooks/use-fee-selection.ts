import { BASKET_TEXTS } from '@fieldhouse/contract/texts/cart';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type Cart, cartQueryOptions } from '../../../api/get-cart';
import { addCartItems, refreshCart, removeCartItems } from '../../../api/update-cart';
import { serverMessageOr } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import type { Penalty } from '../api/types';
import {
  cartItemIdsForFees,
  displayedSelection,
  type FeeChange,
  isAllSelected,
  selectedFeeIds,
  selectedTotal,
  unselectedFeeIds,
} from '../rules/fee-selection';

/**
 * Unpaid fees ↔ basket: the basket's penalty items drive the checkboxes. Changes run one at a time in
 * the order they were made (the boxes show every queued change optimistically), so quick successive
 * ticks are all kept and replies never overtake each other.
 */
export function useFeeSelection(fees: Penalty[]) {
  const queryClient = useQueryClient();
  const cart = useQuery(cartQueryOptions);
  const cartItems = cart.data?.items ?? [];

  // Changes queued or in flight, oldest first; set in the click handler itself so a box never flickers
  // back (the mutation's own state reaches React a tick later).
  const [pending, setPending] = useState<readonly FeeChange[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const isReady = cart.isSuccess;
  const change = useMutation({
    mutationFn: async (next: FeeChange): Promise<Cart | null> => {
      if (next.kind === 'add') {
        const items = fees
          .filter((fee) => next.feeIds.includes(fee.id))
          .map((fee) => ({
            id: fee.id,
            type: 'penalty' as const,
            ...(fee.pricingOptionId !== null ? { pricingOptionId: fee.pricingOptionId } : {}),
          }));
        return items.length > 0 ? addCartItems(items) : null;
      }
      const current = queryClient.getQueryData<Cart>(queryKeys.cart)?.items ?? [];
      const ids = cartItemIdsForFees(next.feeIds, current);
      return ids.length > 0 ? removeCartItems(queryClient, ids) : null;
    },
    onSuccess: async (reply, next) => {
      if (!reply) return;
      toast.success(next.kind === 'add' ? BASKET_TEXTS.added : BASKET_TEXTS.removed, {
        duration: TOAST_DURATION.default,
      });
      await refreshCart(queryClient, reply);
    },
    onError: (error) => {
      toast.error(serverMessageOr(error, DEFAULT_ERROR_TEXTS.generic), { duration: TOAST_DURATION.default });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    },
  });
  const run = (next: FeeChange) => {
    if (!isReady || next.feeIds.length === 0) return;
    setPending((queued) => [...queued, next]);
    queue.current = queue.current
      .then(() => change.mutateAsync(next))
      .catch(() => undefined) // reported by onError
      .finally(() => setPending((queued) => queued.slice(1)));
  };

  const inCart = selectedFeeIds(fees, cartItems);
  const selected = displayedSelection(inCart, pending);

  return {
    selected,
    isAllSelected: isAllSelected(fees, selected),
    selectedTotal: selectedTotal(fees, selected),
    /** The basket could not be read: selection is unknown. */
    isCartError: cart.isError,
    isBusy: pending.length > 0,
    isReady,
    /** The basket is known: the boxes can be used (changes made meanwhile are queued). */
    isCartLoaded: cart.isSuccess,
    toggle: (feeId: number, isChecked: boolean) =>
      run({ kind: isChecked ? 'add' : 'remove', feeIds: [feeId] }),
    // From what the boxes show, queued changes included.
    selectAll: () => run({ kind: 'add', feeIds: unselectedFeeIds(fees, selected) }),
    clearAll: () =>
      run({ kind: 'remove', feeIds: fees.filter((fee) => selected.has(fee.id)).map((fee) => fee.id) }),
  };
}
