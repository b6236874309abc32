import { JOINING_TEXTS } from '@fieldhouse/contract';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { membershipPromotions } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { optionOfClient } from './lookups.ts';

/** Promotion codes (joining §5 Promo code): which are good now for a payment option, found by code. */

/** Promotions of the client that are good now, for any payment option. */
const usableNow = (clientId: number, now: Date) =>
  and(
    eq(membershipPromotions.clientId, clientId),
    isNull(membershipPromotions.archivedAt),
    or(
      isNull(membershipPromotions.validFrom),
      sql`${membershipPromotions.validFrom} <= ${now.toISOString()}`,
    ),
    or(isNull(membershipPromotions.validTo), sql`${membershipPromotions.validTo} > ${now.toISOString()}`),
  );

/** Promotions of the client that are good now for a payment option (its own, or every option's). */
export function usablePromotion(clientId: number, optionId: number, now: Date) {
  return and(
    usableNow(clientId, now),
    or(isNull(membershipPromotions.paymentOptionId), eq(membershipPromotions.paymentOptionId, optionId)),
  );
}

/**
 * Which payment options have a promotion good now (the list's `promotion_enabled`, the same answer as the costs
 * call's): one read of the client's promotions for a whole list.
 */
export async function optionsWithPromotion(db: DbOrTx, clientId: number, now: Date) {
  const rows = await db
    .selectDistinct({ optionId: membershipPromotions.paymentOptionId })
    .from(membershipPromotions)
    .where(usableNow(clientId, now));
  const forEvery = rows.some((row) => row.optionId === null);
  const ids = new Set(rows.map((row) => row.optionId));
  return (optionId: number) => forEvery || ids.has(optionId);
}

const promoNotRecognised = (field: string) =>
  new HttpError(422, JOINING_TEXTS.promoNotRecognised, { [field]: [JOINING_TEXTS.promoNotRecognised] });

/** Validates a promotion code for a payment option: { code, id }, or 422 'Code not recognised'. */
export async function validatePromotionCode(
  db: DbOrTx,
  input: { clientId: number; code: string; paymentOptionId: number; now: Date },
) {
  const found = await optionOfClient(db, input.clientId, input.paymentOptionId);
  if (!found) throw promoNotRecognised('promotion_code');
  const promo = await findUsablePromotionByCode(db, input);
  if (!promo) throw promoNotRecognised('promotion_code');
  return { code: promo.code, id: promo.id };
}

/** Finds a promotion code (case-insensitive) good now for the option; null when there is none. */
export async function findUsablePromotionByCode(
  db: DbOrTx,
  input: { clientId: number; code: string; paymentOptionId: number; now: Date },
) {
  const [promo] = await db
    .select({ id: membershipPromotions.id, code: membershipPromotions.code })
    .from(membershipPromotions)
    .where(
      and(
        usablePromotion(input.clientId, input.paymentOptionId, input.now),
        sql`upper(${membershipPromotions.code}) = upper(${input.code.trim()})`,
      ),
    )
    .orderBy(asc(membershipPromotions.id))
    .limit(1);
  return promo ?? null;
}
