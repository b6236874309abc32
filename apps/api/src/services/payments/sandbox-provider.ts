import { CARD_DECLINED_MESSAGE, CARD_TEXTS } from '@fieldhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sandboxCardTokens, sandboxPaymentIntents, sandboxRefunds } from '../../db/schema.ts';
import { createToken } from '../../lib/tokens.ts';
import {
  type BillingDetails,
  type CardDetails,
  type ChargeRequest,
  type ChargeResult,
  PaymentIntentMismatchError,
  type PaymentProvider,
  PaymentSourceError,
  type ProviderContext,
  type RefundResult,
} from './provider.ts';
import { cardBrand, digitsOf, sandboxBehaviour } from './sandbox-cards.ts';

type TokenRow = typeof sandboxCardTokens.$inferSelect;
type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

export type SandboxTokenInput = {
  cardNumber: string;
  /** MM/YY */
  expiryDate: string;
  cardholderName: string;
  billing: BillingDetails;
  /** The logged-in customer making the token (null: nobody logged in; the first to pay with it keeps it). */
  customerId: number | null;
};

const toCardDetails = (t: TokenRow): CardDetails => ({
  brand: t.brand,
  lastFour: t.lastFour,
  expiry: `${String(t.expiryMonth).padStart(2, '0')}/${String(t.expiryYear % 100).padStart(2, '0')}`,
  cardholderName: t.cardholderName,
  billing: (t.billing as unknown as BillingDetails) ?? null,
});

/**
 * The sandbox card provider: behaves like a real one (tokens, idempotent intents, further checks, refunds)
 * with its records in our database, so a restart never loses an intent. Test cards: contract SANDBOX_CARDS.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(db: Db, now: () => Date = () => new Date()) {
    this.db = db;
    this.now = now;
  }

  /** Stands in for a real provider's browser SDK: keeps what the card shows, never its number or code. */
  async createToken(input: SandboxTokenInput) {
    const [month, year] = input.expiryDate.split('/').map(Number) as [number, number];
    const [row] = await this.db
      .insert(sandboxCardTokens)
      .values({
        token: `tok_${createToken(18)}`,
        kind: 'token',
        customerId: input.customerId,
        behaviour: sandboxBehaviour(input.cardNumber),
        brand: cardBrand(input.cardNumber),
        lastFour: digitsOf(input.cardNumber).slice(-4),
        expiryMonth: month,
        expiryYear: 2000 + year,
        cardholderName: input.cardholderName,
        billing: input.billing as unknown as Record<string, string | null>,
        createdAt: this.now(),
      })
      .returning();
    return { token: row!.token, card: toCardDetails(row!) };
  }

  /** The customer's answer to the further check (3-D Secure stand-in). null: no such challenge. */
  async decideChallenge(challengeId: string, approve: boolean): Promise<'succeeded' | 'failed' | null> {
    return this.db.transaction(async (tx) => {
      const [intent] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.challengeId, challengeId))
        .for('update');
      if (!intent) return null;
      if (intent.status === 'requires_action' && intent.challengeStatus === 'pending') {
        await tx
          .update(sandboxPaymentIntents)
          .set({
            challengeStatus: approve ? 'approved' : 'declined',
            status: approve ? 'requires_action' : 'declined',
            updatedAt: this.now(),
          })
          .where(eq(sandboxPaymentIntents.id, intent.id));
        return approve ? 'succeeded' : 'failed';
      }
      return intent.status === 'succeeded' || intent.challengeStatus === 'approved' ? 'succeeded' : 'failed';
    });
  }

  async charge(request: ChargeRequest, context?: ProviderContext): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountPence) || request.amountPence <= 0) {
      throw new RangeError(`A charge must be a positive number of pence, got ${request.amountPence}`);
    }
    const db = context?.db ?? this.db;
    const card = await this.findSource(db, request);

    // A new key (the usual case): the intent is made with the card's outcome in one statement. A key already used
    // finds its intent instead (a concurrent call's insert is waited for), and is never charged twice.
    const id = `pi_${createToken(18)}`;
    const [created] = await db
      .insert(sandboxPaymentIntents)
      .values({
        id,
        idempotencyKey: request.idempotencyKey,
        ...this.attemptWith(card, request),
        createdAt: this.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return this.outcome(db, created, card);

    const [existing] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, request.idempotencyKey))
      .for('update');
    if (!existing) throw new Error(`Payment intent for ${request.idempotencyKey} neither made nor found`);
    // Same key: never a second charge. A succeeded intent answers with its first outcome.
    if (existing.status === 'succeeded') return this.succeeded(db, existing);
    if (existing.status === 'requires_action' && existing.cardTokenRef === card.token) {
      if (existing.challengeStatus === 'approved') return this.capture(db, existing);
      return { status: 'requires_action', intentId: existing.id, challengeId: existing.challengeId! };
    }
    // Declined, refunded, or a further check abandoned for another card: attempt again on the same intent.
    const [again] = await db
      .update(sandboxPaymentIntents)
      .set(this.attemptWith(card, request))
      .where(eq(sandboxPaymentIntents.id, existing.id))
      .returning();
    return this.outcome(db, again!, card);
  }

  async confirm(
    intentId: string,
    expected: { idempotencyKey: string; amountPence: number },
    context?: ProviderContext,
  ): Promise<ChargeResult> {
    const db = context?.db ?? this.db;
    const [intent] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentId))
      .for('update');
    if (
      !intent ||
      intent.idempotencyKey !== expected.idempotencyKey ||
      intent.amount !== expected.amountPence
    ) {
      throw new PaymentIntentMismatchError();
    }
    if (intent.status === 'succeeded') return this.succeeded(db, intent);
    if (intent.status === 'requires_action') {
      if (intent.challengeStatus === 'approved') return this.capture(db, intent);
      return { status: 'requires_action', intentId: intent.id, challengeId: intent.challengeId! };
    }
    return { status: 'declined', message: CARD_DECLINED_MESSAGE };
  }

  async refund(
    chargeId: string,
    amountPence: number,
    idempotencyKey: string,
    context?: ProviderContext,
  ): Promise<RefundResult> {
    if (context?.db) return this.refundIn(context.db, chargeId, amountPence, idempotencyKey);
    return this.db.transaction((tx) => this.refundIn(tx, chargeId, amountPence, idempotencyKey));
  }

  private async refundIn(
    db: DbOrTx,
    chargeId: string,
    amountPence: number,
    idempotencyKey: string,
  ): Promise<RefundResult> {
    const [intent] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.chargeId, chargeId))
      .for('update');
    if (!intent) throw new PaymentIntentMismatchError(`No charge ${chargeId}`);
    // The charge's row lock serialises refunds of one charge, so the key is read and written under it.
    const [made] = await db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    if (made) {
      if (made.intentId !== intent.id)
        throw new PaymentIntentMismatchError(`Refund key ${idempotencyKey} is another charge's`);
      return { refundId: made.id, amountPence: made.amount };
    }
    // Refunds add up (one booking of an order, then another), never past what was charged.
    const before = intent.refundedAmount;
    const refunded = Math.min(intent.amount - before, amountPence);
    const refundId = `re_${createToken(12)}`;
    await db
      .update(sandboxPaymentIntents)
      .set({ status: 'refunded', refundedAmount: before + refunded, updatedAt: this.now() })
      .where(eq(sandboxPaymentIntents.id, intent.id));
    await db
      .insert(sandboxRefunds)
      .values({ idempotencyKey, id: refundId, intentId: intent.id, amount: refunded });
    return { refundId, amountPence: refunded };
  }

  async forgetCard(savedCardRef: string, context?: ProviderContext): Promise<void> {
    const db = context?.db ?? this.db;
    await db
      .delete(sandboxCardTokens)
      .where(and(eq(sandboxCardTokens.token, savedCardRef), eq(sandboxCardTokens.kind, 'payment_method')));
  }

  private async findSource(db: DbOrTx, request: ChargeRequest): Promise<TokenRow> {
    const ref = 'token' in request.source ? request.source.token : request.source.savedCardRef;
    const kind = 'token' in request.source ? 'token' : 'payment_method';
    const [card] = await db
      .select()
      .from(sandboxCardTokens)
      .where(and(eq(sandboxCardTokens.token, ref), eq(sandboxCardTokens.kind, kind)))
      .limit(1);
    if (!card) throw new PaymentSourceError('The card details have expired. Please enter them again.');
    if (card.customerId === null) {
      // A token made without a session: the first customer to pay with it keeps it.
      const [claimed] = await db
        .update(sandboxCardTokens)
        .set({ customerId: request.customerId })
        .where(and(eq(sandboxCardTokens.token, card.token), isNull(sandboxCardTokens.customerId)))
        .returning();
      return this.ownedBy(claimed ?? (await this.reload(db, card.token)), request.customerId);
    }
    return this.ownedBy(card, request.customerId);
  }

  private async reload(db: DbOrTx, token: string) {
    const [card] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token));
    return card;
  }

  /** Another customer's card is, to this customer, a card that does not exist: the invalid-card reply. */
  private ownedBy(card: TokenRow | undefined, customerId: number): TokenRow {
    if (!card || card.customerId !== customerId) throw new PaymentSourceError(CARD_TEXTS.number);
    return card;
  }

  /** An attempt with this card: what its intent becomes (the card's behaviour decides). */
  private attemptWith(card: TokenRow, request: ChargeRequest) {
    const base = {
      amount: request.amountPence,
      cardTokenRef: card.token,
      saveCard: request.saveCard,
      description: request.description,
      updatedAt: this.now(),
    };
    if (card.behaviour === 'decline')
      return {
        ...base,
        status: 'declined' as const,
        challengeId: null,
        challengeStatus: null,
        chargeId: null,
      };
    if (card.behaviour === 'challenge') {
      const challengeId = `chal_${createToken(18)}`;
      return {
        ...base,
        status: 'requires_action' as const,
        challengeId,
        challengeStatus: 'pending' as const,
        chargeId: null,
      };
    }
    return {
      ...base,
      status: 'succeeded' as const,
      challengeId: null,
      challengeStatus: 'approved' as const,
      chargeId: `ch_${createToken(18)}`,
      savedCardRef: this.savedCardRefFor(card, request.saveCard),
    };
  }

  /** The intent after an attempt, as the caller sees it; a card kept for later payments is stored now. */
  private async outcome(db: DbOrTx, intent: IntentRow, card: TokenRow): Promise<ChargeResult> {
    if (intent.status === 'declined') return { status: 'declined', message: CARD_DECLINED_MESSAGE };
    if (intent.status === 'requires_action')
      return { status: 'requires_action', intentId: intent.id, challengeId: intent.challengeId! };
    await this.keepCard(db, card, intent.savedCardRef);
    return this.succeeded(db, intent, card);
  }

  /** The payment method a charge keeps: the card's own when it is one already, else a new one (or none). */
  private savedCardRefFor(card: TokenRow | undefined, saveCard: boolean): string | null {
    if (!saveCard || !card) return null;
    return card.kind === 'payment_method' ? card.token : `pm_${createToken(18)}`;
  }

  /** Stores the payment method made from a one-off token, as a real provider keeps it. */
  private async keepCard(db: DbOrTx, card: TokenRow | undefined, savedCardRef: string | null) {
    if (!card || !savedCardRef || card.kind === 'payment_method') return;
    await db
      .insert(sandboxCardTokens)
      .values({ ...card, token: savedCardRef, kind: 'payment_method', createdAt: this.now() });
  }

  /** Takes the money after an approved further check: the intent succeeds with a charge id (and a saved payment
   * method when asked). */
  private async capture(db: DbOrTx, intent: IntentRow): Promise<ChargeResult> {
    const [card] = await db
      .select()
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.token, intent.cardTokenRef))
      .limit(1);
    const savedCardRef = this.savedCardRefFor(card, intent.saveCard);
    await this.keepCard(db, card, savedCardRef);
    const [row] = await db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded', chargeId: `ch_${createToken(18)}`, savedCardRef, updatedAt: this.now() })
      .where(eq(sandboxPaymentIntents.id, intent.id))
      .returning();
    return this.succeeded(db, row!, card);
  }

  private async succeeded(db: DbOrTx, intent: IntentRow, known?: TokenRow): Promise<ChargeResult> {
    const card =
      known ??
      (
        await db
          .select()
          .from(sandboxCardTokens)
          .where(eq(sandboxCardTokens.token, intent.cardTokenRef))
          .limit(1)
      )[0];
    return {
      status: 'succeeded',
      intentId: intent.id,
      chargeId: intent.chargeId!,
      amountPence: intent.amount,
      card: card
        ? toCardDetails(card)
        : { brand: 'Card', lastFour: '0000', expiry: '00/00', cardholderName: null, billing: null },
      ...(intent.savedCardRef ? { savedCardRef: intent.savedCardRef } : {}),
    };
  }
}
