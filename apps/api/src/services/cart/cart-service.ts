import { vatRateAt } from '@fieldhouse/contract/vat';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { prepared } from '../../db/prepared.ts';
import { carts } from '../../db/schema.ts';
import { forbidden } from '../../lib/http-errors.ts';
import { type CartLine, type CartRow, loadCartLines, type PricedCart } from './cart-lines.ts';
import { findBillingPrefill, toCartWire } from './cart-wire.ts';
import { type AvailableBenefit, basketTotals, priceLines, type Tender } from './pricing.ts';
import { loadPricingFacts } from './pricing-facts.ts';

const openCartQuery = (db: DbOrTx) =>
  db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, sql.placeholder('customerId')), eq(carts.status, 'open')))
    .limit(1);
const findOpenCart = prepared((db) => openCartQuery(db).prepare('open_cart'));
const findOpenCartLocked = prepared((db) => openCartQuery(db).for('update').prepare('open_cart_locked'));

/** The customer's open basket (created when there is none); `lock` takes the row lock for a change. */
export async function openCart(db: DbOrTx, customerId: number, lock = false): Promise<CartRow> {
  const find = async () => (await (lock ? findOpenCartLocked : findOpenCart)(db, { customerId }))[0];
  const found = await find();
  if (found) return found;
  // A row this transaction inserted is as good as locked: another one opening the same basket waits on the index.
  const [inserted] = await db.insert(carts).values({ customerId }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const created = await find();
  if (!created) throw new Error(`Could not open a basket for customer ${customerId}`);
  return created;
}

export async function bumpCartVersion(tx: DbOrTx, cartId: number, now: Date) {
  await tx
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: now })
    .where(eq(carts.id, cartId));
}

export async function findAvailableBenefits(
  db: DbOrTx,
  customerId: number,
  now: Date,
  timeZone: string,
): Promise<AvailableBenefit[]> {
  return (await loadPricingFacts(db, { cartId: null, customerId, now, timeZone })).benefits;
}

/** Lines, prices, credit and totals of a basket. `tenders` override the basket's stored payments (checkout). */
export async function priceCart(
  db: DbOrTx,
  input: {
    cart: CartRow;
    customerId: number;
    now: Date;
    timeZone: string;
    tenders?: Tender[];
    lines?: CartLine[];
  },
): Promise<PricedCart> {
  const { cart, customerId, now } = input;
  const lines = input.lines ?? (await loadCartLines(db, cart.id, customerId, now));
  const hasActivities = lines.some((l) => l.type === 'activity' && !l.usageRemoved);
  const facts = await loadPricingFacts(db, { cartId: cart.id, customerId, now, timeZone: input.timeZone });
  const benefits = hasActivities ? facts.benefits : [];
  const packages = hasActivities ? facts.packages : [];
  const credit = facts.credit;
  const stored = input.tenders ?? facts.payments;
  const priced = priceLines(
    lines.map((l) => ({
      itemId: l.itemId,
      type: l.type,
      fullPrice: l.fullPrice,
      unitPrice: l.unitPrice,
      category: l.category,
      usageRemoved: l.usageRemoved,
      vatRate: vatRateAt(l.vatTreatment, now),
    })),
    benefits,
    packages,
  );
  const totals = basketTotals({ lines: priced, creditAvailable: credit, tenders: stored });
  return { cart, lines, priced, totals, tenders: stored, buyer: facts.buyer };
}

export type CartContext = { customerId: number; clientId: number; timeZone: string; now: Date };

/** The caller may act only for themselves (selected_user_id / purchased_for_user_id). */
export function checkSelectedUser(customerId: number, selected: number | null | undefined) {
  if (selected !== undefined && selected !== null && selected !== customerId) throw forbidden();
  return selected ?? null;
}

async function readCart(db: DbOrTx, ctx: CartContext, cart: CartRow, selectedUserId: number | null = null) {
  const priced = await priceCart(db, {
    cart,
    customerId: ctx.customerId,
    now: ctx.now,
    timeZone: ctx.timeZone,
  });
  return {
    ...toCartWire(priced, ctx.now, selectedUserId),
    billing_prefill: await findBillingPrefill(db, priced),
  };
}

export async function findCart(db: DbOrTx, ctx: CartContext, selectedUserId: number | null) {
  return readCart(db, ctx, await openCart(db, ctx.customerId), selectedUserId);
}

const bumpCartVersionReturning = prepared((db) =>
  db
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(carts.id, sql.placeholder('cartId')))
    .returning()
    .prepare('cart_bump_version'),
);

/**
 * The open basket under its row lock with its version already bumped, made if there is none, in one statement
 * (issue 12: a change used to read and lock the basket, make it when missing, and bump it after, three round trips
 * for a member's first add). A new basket starts as one made and changed once, as `openCart` and a bump leave it.
 */
const openCartBumped = prepared((db) =>
  db
    .insert(carts)
    .values({
      customerId: sql.placeholder('customerId'),
      version: 2,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: carts.customerId,
      targetWhere: sql`${carts.status} = 'open'`,
      set: { version: sql`${carts.version} + 1`, updatedAt: sql`excluded.updated_at` },
    })
    .returning()
    .prepare('open_cart_bumped'),
);

/**
 * Runs a change on the open basket under its row lock, bumps the version, and answers the new basket. A change
 * that returns false changed nothing (no bump); `alwaysChanges` (the change changes the basket or throws, which
 * rolls the bump back) bumps the version as it takes the lock.
 */
export async function changeCart(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  ctx: CartContext,
  change: (tx: Tx, cart: CartRow) => Promise<boolean | undefined>,
  options: { alwaysChanges?: boolean } = {},
) {
  // A basket change writes only the database: after a deadlock or serialization conflict it runs again.
  return transactionRetried(db, async (tx) => {
    if (options.alwaysChanges) {
      const [bumped] = await openCartBumped(tx, { customerId: ctx.customerId, now: ctx.now.toISOString() });
      await change(tx, bumped!);
      return readCart(tx, ctx, bumped!);
    }
    const cart = await openCart(tx, ctx.customerId, true);
    const changed = await change(tx, cart);
    const [fresh] =
      changed !== false
        ? await bumpCartVersionReturning(tx, { cartId: cart.id, now: ctx.now.toISOString() })
        : await tx.select().from(carts).where(eq(carts.id, cart.id));
    return readCart(tx, ctx, fresh!);
  });
}

export type TxDb = Parameters<typeof changeCart>[0];
