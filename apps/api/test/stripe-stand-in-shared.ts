import { randomBytes } from 'node:crypto';

/**
 * What the modules of the Stripe stand-in (stripe-stand-in.ts) share: its keys, the test cards, Stripe's errors,
 * form decoding, ids and the objects it keeps.
 */

export type Obj = Record<string, unknown>;
export type Behaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

export type Card = { brand: string; last4: string; exp_month: number; exp_year: number };
export const CARDS: Record<Behaviour, Card> = {
  succeed: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039 },
  decline: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2039 },
  insufficient_funds: { brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2039 },
  authenticate: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2039 },
};
export const MAGIC: Record<string, { behaviour: Behaviour; card: Card }> = {
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

export class StripeFailure extends Error {
  readonly status: number;
  readonly body: Obj;

  constructor(status: number, body: Obj) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}
export const invalid = (message: string, extra: Obj = {}, status = 400) =>
  new StripeFailure(status, { type: 'invalid_request_error', message, ...extra });
export const missing = (what: string, id: string, param?: string) =>
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

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);
export const expandList = (params: Obj) =>
  Object.values((params.expand as Obj | undefined) ?? {}).map(String);

/** The objects the stand-in keeps, by id, and every request the SDK made. */
export function newStore() {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { behaviour?: Behaviour }>();
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  /** Every request the SDK made: method and path (tests count calls). */
  const requests: { method: string; path: string; idempotencyKey: string | null }[] = [];
  const behaviours = new Map<string, Behaviour>();
  return { customers, paymentMethods, intents, charges, refunds, idempotent, requests, behaviours };
}

export type Store = ReturnType<typeof newStore>;
