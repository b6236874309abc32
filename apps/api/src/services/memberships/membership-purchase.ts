import { MEMBERSHIP_PURCHASE_TEXTS, type MembershipDetailsBody } from '@fieldhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { cartItemFor } from '../../db/cart-items.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { type NumberedReference, nextReference } from '../../db/references.ts';
import { cartItems, customers, directDebitMandates, memberships } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { DEFAULT_TIME_ZONE, formatIso, localDateOf } from '../../lib/local-date.ts';
import {
  bumpCartVersion,
  cancelReleasedMandates,
  openCart,
  releaseAwaitingMemberships,
} from '../cart/index.ts';
import { type ClientRow, hasTerms } from '../clients/index.ts';
import type { DirectDebitProvider } from '../direct-debit/index.ts';
import { checkAnswers, questionsOf, unansweredRequired, writeAnswers } from './custom-questions.ts';
import {
  checkPurchasable,
  findJoiningCaller,
  heldMembershipTypeIds,
  type JoiningCaller,
} from './eligibility.ts';
import { optionOfClient, typesAtVenue, venueOf } from './lookups.ts';
import { resolveJoinCosts, toCostsSnapshot } from './pricing.ts';
import { findUsablePromotionByCode } from './promotions.ts';

const MEMBERSHIP_REFERENCE_PREFIX = 'M-';
const FIRST_MEMBERSHIP_NUMBER = 100001;

export type PurchaseDeps = { db: Db; directDebit: DirectDebitProvider; log: FastifyBaseLogger };

export type SubmitResult = {
  membershipId: number;
  cartId: number;
  cartItemId: number;
  newMandate: boolean;
};

/** Membership references ('M-' + 6 digits or more), from a sequence like customer numbers (decision 056). */
const MEMBERSHIP_REFERENCE: NumberedReference = {
  prefix: MEMBERSHIP_REFERENCE_PREFIX,
  sequence: 'membership_reference_seq',
  table: 'memberships',
  column: 'reference',
  first: FIRST_MEMBERSHIP_NUMBER,
};

/** The next membership reference: no lock, no scan of the memberships. */
export const nextMembershipReference = (tx: Tx) => nextReference(tx, MEMBERSHIP_REFERENCE);

const maskSortCode = (sortCode: string) => `${sortCode.slice(0, 2)}-**-**`;

const throwIfErrors = (errors: Record<string, string[]>) => {
  const fields = Object.keys(errors);
  if (fields.length) throw new HttpError(422, errors[fields[0]!]![0]!, errors);
};

/** Whether the customer already has a direct-debit instruction (then no new mandate is needed). */
async function hasInstruction(tx: DbOrTx, customerId: number) {
  const [customer] = await tx
    .select({ hasInstruction: customers.hasInstruction })
    .from(customers)
    .where(eq(customers.id, customerId));
  return Boolean(customer?.hasInstruction);
}

/**
 * POST /api/memberships (joining §3 Membership details submitted), for a logged-in customer: a guest's account is
 * made earlier, in 'Your details' (the register call; decision 011). One transaction: answers, the direct-debit mandate (recurring without an instruction), the membership (pending, awaiting payment) and the
 * basket line. A previous awaiting-payment membership is replaced. When the transaction fails after the provider
 * created a mandate, the mandate is cancelled with the provider (compensation).
 */
export async function submitMembership(
  deps: PurchaseDeps,
  input: {
    client: ClientRow;
    body: MembershipDetailsBody;
    customerId: number;
    now: Date;
  },
): Promise<SubmitResult> {
  const createdMandates: string[] = [];
  let released: string[] = [];
  let result: SubmitResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      const outcome = await submitInTransaction(tx, deps, input, createdMandates);
      released = outcome.released;
      return outcome.result;
    });
  } catch (error) {
    // Compensation: a mandate the provider created for a submission that did not commit is cancelled.
    await cancelReleasedMandates(deps, createdMandates);
    throw error;
  }
  await cancelReleasedMandates(deps, released);
  return result;
}

const fieldErrorOf = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

async function submitInTransaction(
  tx: Tx,
  deps: PurchaseDeps,
  input: {
    client: ClientRow;
    body: MembershipDetailsBody;
    customerId: number;
    now: Date;
  },
  createdMandates: string[],
): Promise<{ result: SubmitResult; released: string[] }> {
  const { body, client, now, customerId } = input;

  // 1. What is being bought, where.
  const found = await optionOfClient(tx, client.id, body.payment_option_id);
  if (!found) throw fieldErrorOf('payment_option_id', MEMBERSHIP_PURCHASE_TEXTS.couldNotFind);
  if (found.type.id !== body.membership_type_id)
    throw fieldErrorOf('membership_type_id', MEMBERSHIP_PURCHASE_TEXTS.couldNotFind);
  const venue = await venueOf(tx, client.id, body.home_venue_id).catch(() => null);
  if (!venue) throw fieldErrorOf('home_venue_id', MEMBERSHIP_PURCHASE_TEXTS.couldNotFind);
  const onSale = await typesAtVenue(tx, client.id, venue.id);
  if (!onSale.some((t) => t.id === found.type.id))
    throw fieldErrorOf('membership_type_id', MEMBERSHIP_PURCHASE_TEXTS.couldNotFind);
  const { type, option } = found;
  const today = localDateOf(now, venue.timeZone || DEFAULT_TIME_ZONE);

  // 2. The caller (a guest's account was made in 'Your details', so every submission is a member's).
  const caller: JoiningCaller = await findJoiningCaller(tx, customerId);

  // 3. Eligibility, and not a second live membership of the same type.
  checkPurchasable(type, caller, today);
  const held = await heldMembershipTypeIds(tx, customerId, [type.id]);
  if (held.has(type.id)) throw fieldErrorOf('membership_type_id', MEMBERSHIP_PURCHASE_TEXTS.alreadyMember);

  // 4. Field checks, all at once: costs inputs, terms, bank details, answers.
  const errors: Record<string, string[]> = {};
  let promotionCodeId = body.promotion_code_id ?? undefined;
  if (promotionCodeId === undefined && body.promotion_code?.trim()) {
    const promo = await findUsablePromotionByCode(tx, {
      clientId: client.id,
      code: body.promotion_code,
      paymentOptionId: option.id,
      now,
    });
    if (promo) promotionCodeId = promo.id;
    else errors.promotion_code_id = ['Code not recognised'];
  }
  const costs = await resolveJoinCosts(tx, {
    clientId: client.id,
    option,
    today,
    startDate: body.start_date,
    billingDay: body.billing_day === null ? undefined : String(body.billing_day),
    promotionCodeId,
    caller,
    now,
  });
  Object.assign(errors, costs.errors);

  if (!body.health_commitment_accepted && (await hasTerms(tx, client.id, 'health_commitment')))
    errors.health_commitment_accepted = [MEMBERSHIP_PURCHASE_TEXTS.healthCommitment];
  if (!body.membership_terms_accepted && (await hasTerms(tx, client.id, 'membership')))
    errors.membership_terms_accepted = [MEMBERSHIP_PURCHASE_TEXTS.membershipTerms];

  const needsMandate = option.paymentType === 'recurring' && !(await hasInstruction(tx, customerId));
  if (needsMandate) {
    if (!body.account_holder || body.account_holder.trim().length < 2)
      errors.account_holder = [MEMBERSHIP_PURCHASE_TEXTS.accountHolder];
    if (!body.account_details) {
      errors['account_details.account_number'] = [MEMBERSHIP_PURCHASE_TEXTS.accountNumber];
      errors['account_details.sort_code'] = [MEMBERSHIP_PURCHASE_TEXTS.sortCode];
    }
    if (!body.dd_authorised) errors.dd_authorised = [MEMBERSHIP_PURCHASE_TEXTS.ddAuthorisation];
    if (!body.dd_terms_accepted && (await hasTerms(tx, client.id, 'direct_debit')))
      errors.dd_terms_accepted = [MEMBERSHIP_PURCHASE_TEXTS.ddTerms];
  }

  const questions = await questionsOf(tx, client.id, type.id);
  let answerRows: ReturnType<typeof checkAnswers>['rows'] = [];
  if (body.answers) {
    const checked = checkAnswers(questions, body.answers);
    if (Object.keys(checked.errors).length) {
      errors.answers = [MEMBERSHIP_PURCHASE_TEXTS.fillRequiredQuestions];
      Object.assign(errors, checked.errors);
    }
    answerRows = checked.rows;
  } else {
    const missing = await unansweredRequired(tx, customerId, questions);
    if (missing.length) {
      errors.answers = [MEMBERSHIP_PURCHASE_TEXTS.fillRequiredQuestions];
      for (const q of missing) errors[`answers.${q.id}`] = [`${q.label} is required.`];
    }
  }
  throwIfErrors(errors);
  const resolved = costs.resolved!;

  // 5. Writes: answers, the previous awaiting-payment membership out, the mandate, the membership, the basket line.
  await writeAnswers(tx, customerId, answerRows, now);
  // Only a previous new membership is replaced; a change or renewal waiting in the basket stays.
  const previous = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(memberships.awaitingPayment, true),
        isNull(memberships.replacesMembershipId),
        isNull(memberships.renewsMembershipId),
      ),
    );
  const released = previous.length
    ? await releaseAwaitingMemberships(tx, { customerId, membershipIds: previous.map((p) => p.id), now })
    : [];

  let mandateId: number | null = null;
  if (needsMandate) {
    const details = body.account_details!;
    const [customer] = await tx
      .select({
        reference: customers.reference,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    const created = await deps.directDebit.createMandate({
      accountHolder: body.account_holder!.trim(),
      accountNumber: details.account_number,
      sortCode: details.sort_code,
      address: {
        line1: details.billing_address_line_one,
        line2: details.billing_address_line_two || null,
        city: details.billing_city,
        postcode: details.billing_postcode.toUpperCase(),
      },
      customerReference: customer!.reference,
      email: customer!.email,
      givenName: customer!.firstName,
      familyName: customer!.lastName,
    });
    if (!created.ok) throw fieldErrorOf(created.field, created.message);
    createdMandates.push(created.reference);
    const [mandate] = await tx
      .insert(directDebitMandates)
      .values({
        customerId,
        provider: created.provider,
        reference: created.reference,
        providerMandateId: created.providerMandateId ?? null,
        accountHolder: body.account_holder!.trim(),
        accountNumberLast4: details.account_number.slice(-4),
        sortCodeMasked: maskSortCode(details.sort_code),
        billingAddressLine1: details.billing_address_line_one,
        billingAddressLine2: details.billing_address_line_two || null,
        billingCity: details.billing_city,
        billingPostcode: details.billing_postcode.toUpperCase(),
        status: 'pending_submission',
        createdAt: now,
      })
      .returning({ id: directDebitMandates.id });
    mandateId = mandate!.id;
  }

  const [membership] = await tx
    .insert(memberships)
    .values({
      customerId,
      membershipTypeId: type.id,
      paymentOptionId: option.id,
      homeVenueId: venue.id,
      reference: await nextMembershipReference(tx),
      status: 'pending',
      awaitingPayment: true,
      startDate: formatIso(resolved.startDate),
      price: option.baseFee,
      joinCosts: toCostsSnapshot(resolved),
      promotionId: resolved.promotion?.id ?? null,
      mandateId,
      createdAt: now,
    })
    .returning({ id: memberships.id });

  const cart = await openCart(tx, customerId, true);
  const [item] = await tx
    .insert(cartItems)
    .values({ cartId: cart.id, ...cartItemFor('membership', membership!.id), createdAt: now })
    .returning({ id: cartItems.id });
  await bumpCartVersion(tx, cart.id, now);

  return {
    released,
    result: {
      membershipId: membership!.id,
      cartId: cart.id,
      cartItemId: item!.id,
      newMandate: needsMandate,
    },
  };
}
