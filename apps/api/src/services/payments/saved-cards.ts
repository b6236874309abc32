import type { SavedCard } from '@fieldhouse/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { savedCards } from '../../db/schema.ts';

type SavedCardRow = typeof savedCards.$inferSelect;

/** A card works until the end of its expiry month (UTC). */
const expiryEnd = (card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>) =>
  new Date(Date.UTC(card.expiryYear, card.expiryMonth, 1));

export const isCardExpired = (card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>, now: Date) =>
  now.getTime() >= expiryEnd(card).getTime();

/** Expired within the last three months. */
export function isRecentlyExpired(card: Pick<SavedCardRow, 'expiryMonth' | 'expiryYear'>, now: Date) {
  if (!isCardExpired(card, now)) return false;
  const end = expiryEnd(card);
  const limit = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 3, end.getUTCDate()));
  return now.getTime() < limit.getTime();
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
