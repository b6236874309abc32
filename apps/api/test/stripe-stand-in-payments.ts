import { randomBytes } from 'node:crypto';
import {
  type Behaviour,
  type Card,
  id,
  invalid,
  MAGIC,
  missing,
  now,
  type Obj,
  type Store,
  StripeFailure,
} from './stripe-stand-in-shared.ts';

/**
 * The Stripe stand-in's payments (stripe-stand-in.ts): PaymentMethods (test cards included), PaymentIntents
 * (create, confirm: succeed, decline or ask for 3-D Secure), their charges and refunds, kept in `store`.
 */
export function standInPayments(store: Store) {
  const { customers, paymentMethods, intents, charges, refunds, behaviours } = store;

  function newPaymentMethod(card: Card, behaviour: Behaviour, billing: Obj | null = null): Obj {
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { ...card, country: 'GB', funding: 'credit', fingerprint: randomBytes(8).toString('hex') },
      billing_details: {
        name: null,
        email: null,
        phone: null,
        address: { line1: null, line2: null, city: null, postal_code: null, state: null, country: null },
        ...(billing ?? {}),
      },
      customer: null as string | null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    paymentMethods.set(pm.id, pm);
    behaviours.set(pm.id, behaviour);
    return pm;
  }

  /** A PaymentMethod by id; a test-card id makes a new one (as Stripe does). */
  function resolvePaymentMethod(ref: string): Obj {
    const magic = MAGIC[ref];
    if (magic) return newPaymentMethod(magic.card, magic.behaviour);
    const pm = paymentMethods.get(ref);
    if (!pm) throw missing('PaymentMethod', ref, 'payment_method');
    return pm;
  }

  function expandIntent(pi: Obj, expand: string[]): Obj {
    const out: Obj = { ...pi };
    if (expand.includes('payment_method') && pi.payment_method)
      out.payment_method = paymentMethods.get(String(pi.payment_method)) ?? pi.payment_method;
    if (expand.includes('latest_charge') && pi.latest_charge)
      out.latest_charge = charges.get(String(pi.latest_charge)) ?? pi.latest_charge;
    return out;
  }

  function chargeFor(pi: Obj, pm: Obj, outcome: 'succeeded' | 'failed', failure?: Obj): Obj {
    const card = pm.card as Card;
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: outcome === 'succeeded' ? pi.amount : 0,
      amount_refunded: 0,
      refunded: false,
      captured: outcome === 'succeeded',
      paid: outcome === 'succeeded',
      status: outcome,
      currency: pi.currency,
      customer: pi.customer ?? null,
      description: pi.description ?? null,
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      },
      billing_details: pm.billing_details,
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
      metadata: {},
      created: now(),
      livemode: false,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  function succeed(pi: Obj, pm: Obj) {
    const charge = chargeFor(pi, pm, 'succeeded');
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: charge.id,
      next_action: null,
      last_payment_error: null,
    });
    if (pi.setup_future_usage && pi.customer) pm.customer = pi.customer;
  }

  function confirmIntent(pi: Obj, params: Obj) {
    const status = String(pi.status);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(status)) {
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
        { code: 'payment_intent_unexpected_state', payment_intent: pi },
      );
    }
    const ref = String(params.payment_method ?? pi.payment_method ?? '');
    if (!ref) {
      throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', {
        code: 'payment_intent_unexpected_state',
      });
    }
    const pm = resolvePaymentMethod(ref);
    if (pm.customer && pm.customer !== pi.customer) {
      throw invalid('The provided PaymentMethod was previously attached to a different Customer.', {
        param: 'payment_method',
      });
    }
    if (params.setup_future_usage !== undefined) pi.setup_future_usage = params.setup_future_usage || null;
    pi.payment_method = pm.id;
    const behaviour = behaviours.get(String(pm.id)) ?? 'succeed';
    if (behaviour === 'decline' || behaviour === 'insufficient_funds') {
      const failure = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: behaviour === 'decline' ? 'generic_decline' : 'insufficient_funds',
        message: behaviour === 'decline' ? 'Your card was declined.' : 'Your card has insufficient funds.',
      };
      const charge = chargeFor(pi, pm, 'failed', failure);
      Object.assign(pi, {
        status: 'requires_payment_method',
        latest_charge: charge.id,
        last_payment_error: { ...failure, charge: charge.id, payment_method: pm },
        next_action: null,
      });
      throw new StripeFailure(402, { ...failure, charge: charge.id, payment_intent: { ...pi } });
    }
    if (behaviour === 'authenticate') {
      Object.assign(pi, {
        status: 'requires_action',
        last_payment_error: null,
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: {
            type: 'three_d_secure_redirect',
            stripe_js: 'https://hooks.stripe.com/3d_secure_2/…',
          },
        },
      });
      return;
    }
    succeed(pi, pm);
  }

  function createIntent(params: Obj): Obj {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 30)
      throw invalid('Amount must be at least £0.30 gbp', { code: 'amount_too_small', param: 'amount' });
    if (params.customer && !customers.has(String(params.customer)))
      throw missing('customer', String(params.customer), 'customer');
    const piId = id('pi');
    const pi: Obj = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency),
      customer: params.customer ?? null,
      description: params.description ?? null,
      metadata: { ...((params.metadata as Obj) ?? {}) },
      status: 'requires_payment_method',
      client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      setup_future_usage: params.setup_future_usage ?? null,
      allowed_payment_method_types: Object.values((params.allowed_payment_method_types as Obj) ?? {}),
      payment_method_types: ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      livemode: false,
    };
    intents.set(piId, pi);
    if (params.payment_method) pi.payment_method = resolvePaymentMethod(String(params.payment_method)).id;
    if (params.confirm === 'true') confirmIntent(pi, params);
    return pi;
  }

  function refund(params: Obj): Obj {
    const charge = params.charge
      ? charges.get(String(params.charge))
      : charges.get(String(intents.get(String(params.payment_intent))?.latest_charge));
    if (!charge) throw missing('charge', String(params.charge ?? params.payment_intent), 'charge');
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (left <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left)
      throw invalid(
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    const re = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      reason: params.reason ?? null,
      metadata: {},
      created: now(),
    };
    refunds.set(re.id, re);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return re;
  }

  return {
    newPaymentMethod,
    resolvePaymentMethod,
    expandIntent,
    succeed,
    confirmIntent,
    createIntent,
    refund,
  };
}

export type StandInPayments = ReturnType<typeof standInPayments>;
