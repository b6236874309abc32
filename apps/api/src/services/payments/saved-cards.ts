import { CARD_TEXTS, type SavedCard, UK_POSTCODE } from '@fieldhouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { savedCards } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { addMonths, startOfDay } from '../../lib/local-date.ts';
import type { ChargeResult, PaymentProvider } from './provider.ts';

type SavedCardRow = typeof savedCards.$inferSelect;

const expiryMonthPlus = (card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>, months: number) =>
  startOfDay(addMonths({ year: card.expiryYear, month: card.expiryMonth, day: 1 }, months), 'UTC');

/** A card works until the end of its expiry month (UTC). */
const expiryEnd = (card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>) => expiryMonthPlus(card, 1);

export const isCardExpired = (card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>, now: Date) =>
  now.getTime() >= expiryEnd(card).getTime();

/** Expired within the last three months. */
export function isRecentlyExpired(card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>, now: Date) {
  if (!isCardExpired(card, now)) return false;
  return now.getTime() < expiryMonthPlus(card, 4).getTime();
}

export function toSavedCardWire(card: SavedCardRow, now: Date): SavedCard {
  return {
    id: card.id,
    first_name: card.billingFirstName,
    last_name: card.billingLastName,
    address_line1: card.billingAddressLine1,
    address_line2: card.billingAddressLine2,
    city: card.billingCity,
    post_code: card.billingPostcode,
    card_holder_name: card.cardholderName,
    brand: card.brand,
    last_four_digits: card.lastFour,
    expiry_date: `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`,
    recently_expired: isRecentlyExpired(card, now),
    expired: isCardExpired(card, now),
  };
}

/** GET /api/my-account/saved-cards */
export async function findSavedCards(db: DbOrTx, customerId: number, now: Date) {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
  return rows.map((c) => toSavedCardWire(c, now));
}

export type BillingUpdate = {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2?: string | null;
  city: string;
  post_code: string;
};

/** The caller's card (not deleted), else 404. */
async function findOwnCard(db: DbOrTx, customerId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.customerId, customerId), isNull(savedCards.deletedAt)))
    .limit(1);
  const [card] = lock ? await query.for('update') : await query;
  if (!card) throw notFound();
  return card;
}

/** Postcodes are kept in capitals with one space before the inward code ('ls11 5dj' → 'LS11 5DJ'). */
export const normalisePostcode = (value: string) => {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
};

/**
 * PUT /api/my-account/saved-cards/:id/update: the billing details only (the card itself cannot change). The provider
 * is told first (Stripe keeps them on the PaymentMethod); if it refuses, nothing changes here.
 */
export async function updateSavedCard(
  db: DbOrTx,
  input: { customerId: number; id: number; billing: BillingUpdate; now: Date },
  payments?: PaymentProvider,
): Promise<SavedCard> {
  const { billing } = input;
  if (!UK_POSTCODE.test(billing.post_code)) throw fieldError('post_code', CARD_TEXTS.postcode);
  const own = await findOwnCard(db, input.customerId, input.id);
  const values = {
    billingFirstName: billing.first_name,
    billingLastName: billing.last_name,
    billingAddressLine1: billing.address_line_1,
    billingAddressLine2: billing.address_line_2?.trim() || null,
    billingCity: billing.city,
    billingPostcode: normalisePostcode(billing.post_code),
  };
  await payments?.updateCardBilling?.(own.providerRef, {
    firstName: values.billingFirstName,
    lastName: values.billingLastName,
    addressLine1: values.billingAddressLine1,
    addressLine2: values.billingAddressLine2,
    city: values.billingCity,
    postcode: values.billingPostcode,
  });
  const [card] = await db
    .update(savedCards)
    .set(values)
    .where(and(eq(savedCards.id, input.id), eq(savedCards.customerId, input.customerId)))
    .returning();
  return toSavedCardWire(card!, input.now);
}

/**
 * DELETE /api/my-account/saved-cards/:id/remove: the card disappears from the account and the provider forgets
 * it, in one transaction (if the provider refuses, the card stays).
 */
export async function deleteSavedCard(
  deps: { db: Db; payments: PaymentProvider },
  input: { customerId: number; id: number; now: Date },
) {
  await deps.db.transaction(async (tx) => {
    const card = await findOwnCard(tx, input.customerId, input.id, true);
    await tx.update(savedCards).set({ deletedAt: input.now }).where(eq(savedCards.id, card.id));
    await deps.payments.forgetCard(card.providerRef, { db: tx });
  });
}

/**
 * Remembers the card of a charge the member asked to save (a real provider returns a reusable reference), once per
 * reference; checkout calls it in its transaction. Listing, renaming and deleting are above.
 */
export async function rememberCard(
  tx: DbOrTx,
  customerId: number,
  charge: Extract<ChargeResult, { status: 'succeeded' }>,
  now: Date,
) {
  if (!charge.savedCardRef || !charge.card.billing) return;
  const [known] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.providerRef, charge.savedCardRef)));
  if (known) return;
  const [month, year] = charge.card.expiry.split('/').map(Number) as [number, number];
  const billing = charge.card.billing;
  await tx.insert(savedCards).values({
    customerId,
    providerRef: charge.savedCardRef,
    brand: charge.card.brand,
    lastFour: charge.card.lastFour,
    expiryMonth: month,
    expiryYear: 2000 + year,
    cardholderName: charge.card.cardholderName ?? `${billing.firstName} ${billing.lastName}`,
    billingFirstName: billing.firstName,
    billingLastName: billing.lastName,
    billingAddressLine1: billing.addressLine1,
    billingAddressLine2: billing.addressLine2,
    billingCity: billing.city,
    billingPostcode: billing.postcode,
    createdAt: now,
  });
}
