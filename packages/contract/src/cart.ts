import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';

export { BASKET_TEXTS } from './texts/cart.ts';

export const CARTABLE_TYPES = [
  'activity',
  'av2Booking',
  'activityTicket',
  'membershipRenewal',
  'membership',
  'penalty',
  'other',
] as const;
export const TENDER_TYPES = ['cash', 'offline-voucher', 'cheque', 'credit'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];

/** Cart item as displayed (account-shell §3 Cart item). */
export const cartItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.object({
    raw: z.number().int().describe('What this line costs now, pence'),
    formatted: z.string(),
    original: money.describe('Full price before a benefit or package'),
    benefit_applied: z.boolean(),
    package_applied: z.boolean(),
    benefit_name: z.string().nullable(),
    package_name: z.string().nullable(),
  }),
  quantity: z.number().int(),
  /** Most places this line may take (1: no quantity to choose; more for court hire or tickets). */
  max_quantity: z.number().int(),
  cartable_type: z.enum(CARTABLE_TYPES),
  cartable_id: z.number().int(),
  child_items: z.array(z.object({ name: z.string(), price: money })),
  membership_user_id: z.number().int().nullable(),
  cartable_resource: z.object({
    name: z.string(),
    venue_name: z.string().nullable(),
    duration: z.string().nullable(),
    new_membership: z.boolean(),
    location: z.object({ name: z.string() }).nullable(),
    date: z.object({ full_date_pretty: z.string() }).nullable(),
    starts_at: z.object({ format_24_hour: z.string(), raw: z.string() }).nullable(),
    ends_at: z.object({ format_24_hour: z.string(), raw: z.string() }).nullable(),
    requires_waiver: z.boolean(),
  }),
  /** Set when the item can no longer be bought as it is (session full or started): checkout refuses it. */
  problem: z.string().nullable(),
});
export type CartItem = z.infer<typeof cartItem>;

export const offlinePayment = z.object({ tender_type: z.enum(TENDER_TYPES), amount: money });

const creditOfType = z.object({
  total_available: money,
  max_applicable: money.describe('At most what this credit may pay of this basket'),
});

/** The customer's open basket (account-shell §3 Cart). */
export const cart = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Increments on every change; checkout's idempotency key is built from id and version. */
  version: z.number().int(),
  items: z.array(cartItem),
  sort_by: z.string(),
  enable_print_receipt: z.boolean(),
  totals: z.object({
    sub_total: money,
    tax_total: money.describe(
      'VAT included in the total: the sum of each line’s VAT at its rate (decision 082)',
    ),
    total: money.describe('Basket cost'),
    basket_cost: money,
    credit_applied: money,
    total_to_pay: money.describe('Total less credit and offline payments: what the card pays'),
    balance: money,
    item_count: z.number().int(),
  }),
  credits: z.object({ membership: creditOfType, general: creditOfType }),
  payments: z.array(offlinePayment),
  attendee_waivers_required: z.boolean(),
  selected_user_id: z.number().int().nullable(),
  complete_order_id: z.number().int().nullable(),
  /**
   * The billing name and address the member just gave for the direct debit of a new membership in this basket,
   * so checkout's card form starts with them; null when the basket has none.
   */
  billing_prefill: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      address_line_one: z.string(),
      address_line_two: z.string().nullable(),
      city: z.string(),
      postcode: z.string(),
    })
    .nullable(),
});
export type Cart = z.infer<typeof cart>;
export const cartReply = envelope(cart);

export const cartQuery = z.object({ selected_user_id: idParam.optional() });

/** POST /api/cart/add. For an activity: id = session id, type 'activity'. For a fee: id = penalty id, type 'penalty'. */
export const addToCartBody = z.object({
  items: z
    .array(
      z.object({
        id: id,
        type: z.enum(CARTABLE_TYPES),
        purchased_for_user_id: id.optional(),
        pricing_option_id: id.optional(),
        options: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .min(1)
    .max(20),
  membership_user_id: z.number().int().nullable().optional(),
  selected_user_id: z.number().int().nullable().optional(),
});
/** POST /api/cart/remove */
export const removeFromCartBody = z.object({
  cart_item_ids: z.array(id).min(1).max(50),
});
export const cartItemParams = z.object({ cartItemId: idParam });
/** PUT /api/cart/:cartItemId */
export const updateCartItemBody = z.object({ quantity: z.number().int().min(1).max(50) });
/** DELETE /api/activities/benefit/remove/:id and DELETE /api/activities/package/remove/:id (id = cart item id). */
export const removeUsageParams = z.object({ id: idParam });
/** PUT /api/cart/payments: offline tenders (front-of-house) and credit; the client applies the spec's replace/remove rules. */
export const setCartPaymentsBody = z.object({
  payments: z.array(z.object({ tender_type: z.enum(TENDER_TYPES), amount: z.number().int() })).max(4),
});

/** Server messages for basket problems (checkout refuses the basket; nothing is charged). */
export const SESSION_FULL_MESSAGE = 'Sorry, this session is now full.';
export const SESSION_STARTED_MESSAGE = 'This session has already started.';
export const SESSION_NOT_RELEASED_MESSAGE = 'This session is not open for booking yet.';
export const SESSION_CANCELLED_MESSAGE = 'Sorry, this session has been cancelled.';
export const ALREADY_BOOKED_MESSAGE = 'You are already booked on this session.';
export const ALREADY_IN_BASKET_MESSAGE = 'This session is already in your basket.';
export const EMPTY_BASKET_MESSAGE = 'Your basket is empty.';

export const cartCalls = {
  /** The open basket (`selected_user_id`: the caller only). Every basket call answers the whole basket. */
  getCart: { query: cartQuery, reply: cartReply },
  addToCart: { body: addToCartBody, reply: cartReply },
  removeFromCart: { body: removeFromCartBody, reply: cartReply },
  /** Credit only: offline tenders go through the staff console's desk. */
  setCartPayments: { body: setCartPaymentsBody, reply: cartReply },
  updateCartItem: { params: cartItemParams, body: updateCartItemBody, reply: cartReply },
  clearCart: { reply: cartReply },
  /** Takes a benefit off a basket line (id = cart item id). */
  removeCartBenefit: { params: removeUsageParams, reply: cartReply },
  /** Takes a package off a basket line (id = cart item id). */
  removeCartPackage: { params: removeUsageParams, reply: cartReply },
} as const satisfies Calls;
