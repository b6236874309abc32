/** Factories for what a customer pays and owes: baskets, orders (lines, payments), fees and booking credit. */
import { type VatTreatment, vatRateAt } from '@fieldhouse/contract/vat';
import { cartItemFor } from '../cart-items.ts';
import type { DbOrTx } from '../client.ts';
import { attributeOrder } from '../order-venue.ts';
import { cartItems, carts, creditTransactions, orderItems, orders, payments, penalties } from '../schema.ts';

/** An open basket holding the given lines. */
export async function createCart(
  db: DbOrTx,
  input: { customerId: number; items?: { type: 'activity' | 'penalty'; id: number }[]; version?: number },
) {
  const [cart] = await db
    .insert(carts)
    .values({ customerId: input.customerId, version: input.version ?? 1 })
    .returning();
  const items = input.items?.length
    ? await db
        .insert(cartItems)
        .values(input.items.map((i) => ({ cartId: cart!.id, ...cartItemFor(i.type, i.id) })))
        .returning()
    : [];
  return { cart: cart!, items };
}

type OrderLine = Omit<typeof orderItems.$inferInsert, 'orderId'>;
type OrderPayment = Omit<typeof payments.$inferInsert, 'orderId'>;

/** An order line's VAT columns for a treatment sold at an instant (decision 082): the treatment and its rate then. */
export const lineVat = (treatment: VatTreatment, soldAt: Date) => ({
  vatTreatment: treatment,
  vatRate: vatRateAt(treatment, soldAt),
});

/**
 * An order (default: £6.50 by card, now) with its lines (default: one £0 line 'x') and the payments that
 * settled it (default: none). A line without a stated VAT treatment is standard; a stated treatment without a rate
 * takes the treatment's rate on the order's date (the database works out the line's VAT).
 */
export async function createOrder(
  db: DbOrTx,
  input: Partial<typeof orders.$inferInsert> & {
    customerId: number;
    lines?: OrderLine[];
    payments?: OrderPayment[];
  },
) {
  const { lines = [{ kind: 'other', name: 'x', price: 0 }], payments: paid = [], ...overrides } = input;
  const [order] = await db
    .insert(orders)
    .values({ total: 650, paymentType: 'Card', ...overrides })
    .returning();
  const items = lines.length
    ? await db
        .insert(orderItems)
        .values(
          lines.map((line) => ({
            orderId: order!.id,
            ...line,
            ...(line.vatTreatment && line.vatRate === undefined
              ? { vatRate: vatRateAt(line.vatTreatment, order!.createdAt) }
              : {}),
          })),
        )
        .returning()
    : [];
  const paymentRows = paid.length
    ? await db
        .insert(payments)
        .values(paid.map((payment) => ({ orderId: order!.id, ...payment })))
        .returning()
    : [];
  if (overrides.venueId === undefined) await attributeOrder(db, order!.id);
  return { order: order!, items, payments: paymentRows };
}

/** An unpaid fee (default: £5.00 late cancellation). */
export async function createPenalty(
  db: DbOrTx,
  overrides: Partial<typeof penalties.$inferInsert> & { customerId: number; venueId: number },
) {
  const [row] = await db
    .insert(penalties)
    .values({ type: 'late_cancellation', description: 'Late cancellation fee', amount: 500, ...overrides })
    .returning();
  return row!;
}

/** Booking credit added (a positive amount) or spent (negative); default reason 'Goodwill'. */
export async function createCredit(
  db: DbOrTx,
  overrides: Partial<typeof creditTransactions.$inferInsert> & { customerId: number; amount: number },
) {
  const [row] = await db
    .insert(creditTransactions)
    .values({ kind: 'general', reason: 'Goodwill', ...overrides })
    .returning();
  return row!;
}
