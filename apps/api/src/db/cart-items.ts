import type { CART_ITEM_TYPES } from './values.ts';

export type CartItemType = (typeof CART_ITEM_TYPES)[number];

/**
 * A basket line's type and the one foreign key that type sets (decision 045), for an insert into `cart_items`:
 * a session for 'activity', a fee for 'penalty', the waiting membership for 'membership' and 'membershipRenewal'.
 */
export function cartItemFor(type: CartItemType, id: number) {
  switch (type) {
    case 'activity':
      return { cartableType: type, sessionId: id };
    case 'penalty':
      return { cartableType: type, penaltyId: id };
    case 'membership':
    case 'membershipRenewal':
      return { cartableType: type, membershipId: id };
  }
}
