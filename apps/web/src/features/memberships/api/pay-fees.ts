import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryOptions } from '../../../api/get-cart';
import { addCartItems, refreshCart } from '../../../api/update-cart';

/** Puts the unpaid fees in the basket (POST cart/add, type penalty) before leaving for the basket checkout. */
export function usePayFees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (penaltyIds: number[]) => {
      // Fees already ticked in the payments area are in the basket: add only the others.
      const cart = await queryClient.fetchQuery(cartQueryOptions);
      const inBasket = new Set(
        cart.items.filter((item) => item.cartableType === 'penalty').map((item) => item.cartableId),
      );
      const missing = penaltyIds.filter((id) => !inBasket.has(id));
      return missing.length > 0
        ? addCartItems(missing.map((id) => ({ id, type: 'penalty' as const })))
        : cart;
    },
    onSuccess: (reply) => refreshCart(queryClient, reply),
  });
}
