import type { SavedCard } from '../../../api/get-saved-cards';

/** 'Visa ending in 4242' (brand from the card). Kept apart from the form schema so the summary needs no zod. */
export const cardLabel = (card: Pick<SavedCard, 'brand' | 'lastFourDigits'>): string =>
  `${card.brand} ending in ${card.lastFourDigits}`;
