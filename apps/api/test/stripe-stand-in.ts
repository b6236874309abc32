import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API (https://docs.stripe.com/api), started by the tests on a random port, so the
 * official SDK runs unchanged without the internet (STRIPE_API_BASE=http://127.0.0.1:<port> points it here).
 *
 * It answers the requests StripePaymentProvider makes, with Stripe's documented object shapes and errors:
 * POST /v1/customers, GET /v1/customers/:id/payment_methods, POST /v1/payment_intents (create, optionally confirm),
 * GET|POST /v1/payment_intents/:id (retrieve, update), POST /v1/payment_intents/:id/confirm, POST /v1/refunds,
 * GET /v1/charges/:id, GET /v1/payment_methods/:id, POST /v1/payment_methods/:id/attach|detach. Bodies are
 * form-encoded (`metadata[k]=v`, `expand[0]=…`), replies JSON; errors are `{ error: { type, code, message, param,
 * decline_code } }` with Stripe's statuses (402 card errors, 400 invalid requests, 404 unknown objects).
 *
 * `Idempotency-Key`: the same key with the same parameters answers the first reply again (header
 * `Idempotent-Replayed: true`); with other parameters, 400 `idempotency_error` (as Stripe does).
 *
 * Test cards are PaymentMethod ids, as in Stripe's test mode (https://docs.stripe.com/testing): `pm_card_visa` and
 * `pm_card_mastercard` succeed, `pm_card_chargeDeclined` declines (`card_declined`),
 * `pm_card_chargeDeclinedInsufficientFunds` declines (`insufficient_funds`), `pm_card_authenticationRequired` asks for
 * 3-D Secure (`requires_action`, then `completeAuthentication` plays the cardholder in Stripe.js). Using one makes a
 * new PaymentMethod, as Stripe does. `createPaymentMethod` stands in for Stripe.js making one with billing details.
 */

type Obj = Record<string, unknown>;
type Behaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

type Card = { brand: string; last4: string; exp_month: number; exp_year: number };
const CARDS: Record<Behaviour, Card> = {
  succeed: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039 },
  decline: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2039 },
  insufficient_funds: { brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2039 },
  authenticate: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2039 },
};
const MAGIC: Record<string, { behaviour: Behaviour; card: Card }> = {
  pm_card_visa: { behaviour: 'succeed', card: CARDS.succeed },
  pm_card_mastercard: {
    behaviour: 'succeed',
    card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2039 },
  },
  pm_card_chargeDeclined: { behaviour: 'decline', card: CARDS.decline },
  pm_card_chargeDeclinedInsufficientFunds: {
    behaviour: 'insufficient_funds',
    card: CARDS.insufficient_funds,
  },
  pm_card_authenticationRequired: { behaviour: 'authenticate', card: CARDS.authenticate },
};

export const STAND_IN_SECRET_KEY = 'sk_test_standin';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_standin';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin_test_secret';

class StripeFailure extends Error {
  readonly status: number;
  readonly body: Obj;

  constructor(status: number, body: Obj) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}
const invalid = (message: string, extra: Obj = {}, status = 400) =>
  new StripeFailure(status, { type: 'invalid_request_error', message, ...extra });
const missing = (what: string, id: string, param?: string) =>
  invalid(`No such ${what}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) }, 404);

/** Form-encoded (`a[b][0]=c`) into nested objects and arrays, as Stripe reads it. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const expandList = (params: Obj) => Object.values((params.expand as Obj | undefined) ?? {}).map(String);

export type StandInEvent = { body: string; signature: string; event: Obj & { id: string; type: string } };

export async function startStripeStandIn() {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { behaviour?: Behaviour }>();
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  /** Every request the SDK made: method and path (tests count calls). */
  const requests: { method: string; path: string; idempotencyKey: string | null }[] = [];
  const behaviours = new Map<string, Behaviour>();

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

  function route(method: string, path: string, params: Obj): Obj {
    const expand = expandList(params);
    const customerMethods = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    const chargePath = /^\/v1\/charges\/([^/]+)$/.exec(path);
    const methodPath = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path);
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && customerMethods) {
      const customerId = customerMethods[1]!;
      if (!customers.has(customerId)) throw missing('customer', customerId);
      const data = [...paymentMethods.values()]
        .filter((pm) => pm.customer === customerId && (!params.type || pm.type === params.type))
        .sort((a, b) => Number(b.created) - Number(a.created));
      return { object: 'list', data, has_more: false, url: path };
    }
    if (method === 'POST' && path === '/v1/payment_intents')
      return expandIntent(createIntent(params), expand);
    if (intentPath) {
      const m = intentPath;
      const pi = intents.get(m[1]!);
      if (!pi) throw missing('payment_intent', m[1]!, 'intent');
      if (method === 'GET') return expandIntent(pi, expand);
      if (method === 'POST' && m[2]) {
        confirmIntent(pi, params);
        return expandIntent(pi, expand);
      }
      if (method === 'POST') {
        if (params.metadata) pi.metadata = { ...(pi.metadata as Obj), ...(params.metadata as Obj) };
        if (params.description !== undefined) pi.description = params.description;
        return expandIntent(pi, expand);
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    if (method === 'GET' && chargePath) {
      const charge = charges.get(chargePath[1]!);
      if (!charge) throw missing('charge', chargePath[1]!);
      return charge;
    }
    if (methodPath) {
      const m = methodPath;
      const pm = paymentMethods.get(m[1]!);
      if (!pm) throw missing('PaymentMethod', m[1]!);
      if (method === 'GET' && !m[2]) return pm;
      if (method === 'POST' && !m[2]) {
        const details = params.billing_details as Obj | undefined;
        if (details) {
          const before = pm.billing_details as Obj;
          pm.billing_details = {
            ...before,
            ...details,
            address: { ...(before.address as Obj), ...((details.address as Obj) ?? {}) },
          };
        }
        return pm;
      }
      if (method === 'POST' && m[2] === '/attach') {
        if (!customers.has(String(params.customer))) throw missing('customer', String(params.customer));
        if (pm.customer && pm.customer !== params.customer)
          throw invalid('The payment method you provided has already been attached to a customer.');
        pm.customer = String(params.customer);
        return pm;
      }
      if (method === 'POST' && m[2] === '/detach') {
        if (!pm.customer)
          throw invalid(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
          );
        pm.customer = null;
        return pm;
      }
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, {}, 404);
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = Buffer.concat(chunks).toString('utf8');
    const params = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(body);
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, idempotencyKey: key });
    const send = (status: number, text: string, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(key ? { 'idempotency-key': key } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(text);
    };
    if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      send(
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
      );
      return;
    }
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (key && method === 'POST') {
      const earlier = idempotent.get(key);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
          );
          return;
        }
        send(earlier.status, earlier.body, true);
        return;
      }
    }
    let status = 200;
    let text: string;
    try {
      text = JSON.stringify(route(method, url.pathname, params));
    } catch (err) {
      if (!(err instanceof StripeFailure)) {
        status = 500;
        text = JSON.stringify({ error: { type: 'api_error', message: String(err) } });
      } else {
        status = err.status;
        text = JSON.stringify({ error: err.body });
      }
    }
    // Stripe keeps the result of a request its endpoint ran (declines included), never a 5xx.
    if (key && method === 'POST' && status < 500) idempotent.set(key, { fingerprint, status, body: text });
    send(status, text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhooks = Stripe.webhooks;

  return {
    port,
    /** STRIPE_API_BASE for the app's config. */
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    customers,
    paymentMethods,
    intents,
    charges,
    refunds,
    /** Successful charges so far (money taken). */
    succeededCharges: () => [...charges.values()].filter((c) => c.status === 'succeeded'),
    /** Stripe.js's createPaymentMethod: a card (by how it behaves) with the billing details the Payment Element took. */
    createPaymentMethod(
      kind: Behaviour | 'mastercard' = 'succeed',
      billing?: {
        name: string;
        line1: string;
        line2?: string | null;
        city: string;
        postalCode: string;
      },
    ): string {
      const details = billing
        ? {
            name: billing.name,
            address: {
              line1: billing.line1,
              line2: billing.line2 ?? null,
              city: billing.city,
              postal_code: billing.postalCode,
              state: null,
              country: 'GB',
            },
          }
        : null;
      const magic =
        kind === 'mastercard' ? MAGIC.pm_card_mastercard! : { card: CARDS[kind], behaviour: kind };
      return String(newPaymentMethod(magic.card, magic.behaviour, details).id);
    },
    /**
     * Stripe.js's handleNextAction: the cardholder passes (the intent succeeds, automatic confirmation) or fails
     * 3-D Secure (it wants another payment method).
     */
    completeAuthentication(intentId: string, approve: boolean) {
      const pi = intents.get(intentId);
      if (pi?.status !== 'requires_action') throw new Error(`Intent ${intentId} waits for no check`);
      if (approve) {
        succeed(pi, paymentMethods.get(String(pi.payment_method))!);
        return;
      }
      Object.assign(pi, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          payment_method: paymentMethods.get(String(pi.payment_method)),
        },
      });
    },
    /** A webhook event as Stripe sends it, signed with `secret` (the endpoint's signing secret). */
    event(type: string, object: Obj, secret = STAND_IN_WEBHOOK_SECRET): StandInEvent {
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const body = JSON.stringify(event);
      return { body, signature: webhooks.generateTestHeaderString({ payload: body, secret }), event };
    },
    async close() {
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
