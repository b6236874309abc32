import { type IsPurchasable, JOINING_TEXTS } from '@fieldhouse/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, memberships, type membershipTypes } from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { type LocalDate, parseLocalDate } from '../../lib/local-date.ts';

/** Who may buy a membership type (joining §3 Eligibility): age for Junior, a note where a document is needed. */

type TypeRow = typeof membershipTypes.$inferSelect;

/** The caller, when logged in: what eligibility and billing need. */
export type JoiningCaller = { dateOfBirth: string | null; billingDay: number | null } | null;

export const JUNIOR_CATEGORY = 'Junior';
export const JUNIOR_MAX_AGE = 17;

export async function findJoiningCaller(db: DbOrTx, customerId: number | undefined): Promise<JoiningCaller> {
  if (!customerId) return null;
  const [row] = await db
    .select({ dateOfBirth: customers.dateOfBirth, billingDay: customers.billingDay })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** Whole years from date of birth to `today`. */
export function ageOn(dateOfBirth: LocalDate, today: LocalDate) {
  const hadBirthday =
    today.month > dateOfBirth.month || (today.month === dateOfBirth.month && today.day >= dateOfBirth.day);
  return today.year - dateOfBirth.year - (hadBirthday ? 0 : 1);
}

/**
 * Whether the caller may buy a membership type. Anonymous callers see prices and may choose (the check runs again
 * once they have an account). Junior: under 18 by date of birth. Any other eligibility (e.g. 'Full-time student')
 * needs a document later: purchasable, with a note.
 */
export function purchasability(type: TypeRow, caller: JoiningCaller, today: LocalDate): IsPurchasable {
  const note =
    type.eligibilityName && type.category !== JUNIOR_CATEGORY ? JOINING_TEXTS.documentRequired : null;
  if (type.category === JUNIOR_CATEGORY && caller) {
    const dob = caller.dateOfBirth ? parseLocalDate(caller.dateOfBirth) : null;
    if (!dob || ageOn(dob, today) > JUNIOR_MAX_AGE)
      return { can_purchase: false, has_prices: false, message: JOINING_TEXTS.notEligible };
  }
  return { can_purchase: true, has_prices: true, message: note };
}

/** 422 keyed membership_type_id when the caller may not buy the type (e.g. Junior for an adult). */
export function checkPurchasable(type: TypeRow, caller: JoiningCaller, today: LocalDate) {
  const purchasable = purchasability(type, caller, today);
  if (!purchasable.can_purchase) {
    const message = purchasable.message ?? JOINING_TEXTS.notEligible;
    throw new HttpError(422, message, { membership_type_id: [message] });
  }
}

/** The statuses of a live membership: a second one of the same type is refused on submit. */

/** The membership types the customer already holds (live and paid for, or pending their start). */
export async function heldMembershipTypeIds(db: DbOrTx, customerId: number, typeIds: number[]) {
  if (!typeIds.length) return new Set<number>();
  const rows = await db
    .selectDistinct({ typeId: memberships.membershipTypeId })
    .from(memberships)
    .where(
      and(
        eq(memberships.customerId, customerId),
        inArray(memberships.membershipTypeId, typeIds),
        eq(memberships.awaitingPayment, false),
        inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.typeId));
}
