import { useQuery } from '@tanstack/react-query';
import { cartQueryOptions } from '../api/get-cart';
import { useUser } from '../features/auth/api/get-user';

/** Number of items in the basket shown in the header: the cart's item count when logged in, else 0. */
export function useCartCount(): number {
  const user = useUser();
  const cart = useQuery({ ...cartQueryOptions, enabled: Boolean(user) });
  return user ? (cart.data?.totals.itemCount ?? 0) : 0;
}
