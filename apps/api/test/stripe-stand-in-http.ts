import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInPayments } from './stripe-stand-in-payments.ts';
import {
  expandList,
  id,
  invalid,
  missing,
  now,
  type Obj,
  parseForm,
  STAND_IN_SECRET_KEY,
  type Store,
  StripeFailure,
} from './stripe-stand-in-shared.ts';

/**
 * The Stripe stand-in's HTTP side (stripe-stand-in.ts): the request listener of its server, which checks the API
 * key, replays idempotent requests and routes each request to the object it names.
 */
export function standInRequestListener(store: Store, payments: StandInPayments) {
  const { customers, paymentMethods, intents, charges, idempotent, requests } = store;
  const { expandIntent, createIntent, confirmIntent, refund } = payments;

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

  return async (req: IncomingMessage, res: ServerResponse) => {
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
  };
}
