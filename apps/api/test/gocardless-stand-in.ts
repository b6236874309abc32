/**
 * A local stand-in for the GoCardless API (https://developer.gocardless.com/api-reference), started by tests, so the
 * official SDK (gocardless-nodejs) runs against it without the internet: the app's provider is pointed at it with
 * GOCARDLESS_API_BASE_URL (config `goCardless.apiBaseUrl`, tests only). It answers the requests the adapter makes
 * with the documented envelopes ({ customers: {...} }, { error: { type, errors, ... } }):
 *
 * - POST /customers, POST /customer_bank_accounts, POST /mandates, GET /mandates?reference=, GET /mandates/:id,
 *   POST /mandates/:id/actions/cancel, POST /payments, GET /payments/:id;
 * - 401 without the access token; Idempotency-Key replays answer 409 idempotent_creation_conflict with the first
 *   resource's id (the SDK then GETs it, as with GoCardless);
 * - validation_failed for the test bank details below (sort code 000000 → branch_code, account 00000000 →
 *   account_number, as GoCardless's modulus checks would), bank_account_exists for the same account twice;
 * - invalid_state for cancelling a cancelled mandate and for a payment on an inactive mandate.
 *
 * What GoCardless does later (a mandate becoming active, failing or being cancelled; a payment confirmed or failed)
 * is played by the test: `fail`/`cancel`… change the stored resource and `webhook(...)` answers the signed body
 * GoCardless would POST (HMAC-SHA256 of the body with the endpoint's secret, hex, in Webhook-Signature).
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_TOKEN = 'sandbox_stand-in-access-token';
export const STAND_IN_WEBHOOK_SECRET = 'stand-in-webhook-secret';
/** Bank details GoCardless refuses (the same values the offline sandbox refuses). */
export const INVALID_SORT_CODE = '000000';
export const INVALID_ACCOUNT_NUMBER = '00000000';

type Resource = Record<string, unknown> & { id: string };
type Recorded = { method: string; path: string; body: unknown; idempotencyKey: string | null };

const id = (prefix: string) => `${prefix}${randomBytes(7).toString('hex').toUpperCase()}`;
const error = (status: number, type: string, message: string, errors: object[]) => ({
  status,
  body: {
    error: {
      message,
      documentation_url: `https://developer.gocardless.com/api-reference#${type}`,
      type,
      request_id: id('RQ'),
      errors,
      code: status,
    },
  },
});

export type GoCardlessStandIn = Awaited<ReturnType<typeof startGoCardlessStandIn>>;

export async function startGoCardlessStandIn() {
  const customers = new Map<string, Resource>();
  const bankAccounts = new Map<string, Resource>();
  const mandates = new Map<string, Resource>();
  const payments = new Map<string, Resource>();
  const idempotency = new Map<string, { path: string; id: string }>();
  const requests: Recorded[] = [];
  let mandateCounter = 0;
  const now = () => new Date().toISOString();

  const route = (method: string, path: string, query: URLSearchParams, body: Record<string, Resource>) => {
    if (method === 'POST' && path === '/customers') {
      const c = { ...body.customers!, id: id('CU'), created_at: now() } as Resource;
      customers.set(c.id, c);
      return { status: 201, body: { customers: c } };
    }
    if (method === 'POST' && path === '/customer_bank_accounts') {
      const a = body.customer_bank_accounts as unknown as Record<string, unknown> & {
        links: { customer: string };
      };
      const errors: object[] = [];
      if (!customers.has(a.links?.customer))
        return error(422, 'invalid_api_usage', 'Resource not found', [
          { reason: 'resource_not_found', message: 'Customer not found' },
        ]);
      if (a.branch_code === INVALID_SORT_CODE || !/^\d{6}$/.test(String(a.branch_code)))
        errors.push({
          field: 'branch_code',
          message: 'is invalid',
          request_pointer: '/customer_bank_accounts/branch_code',
        });
      if (a.account_number === INVALID_ACCOUNT_NUMBER || !/^\d{6,8}$/.test(String(a.account_number)))
        errors.push({
          field: 'account_number',
          message: 'is invalid',
          request_pointer: '/customer_bank_accounts/account_number',
        });
      if (errors.length) return error(422, 'validation_failed', 'Validation failed', errors);
      const existing = [...bankAccounts.values()].find(
        (b) =>
          (b.links as { customer: string }).customer === a.links.customer &&
          b._number === a.account_number &&
          b._branch === a.branch_code,
      );
      if (existing)
        return error(422, 'validation_failed', 'Bank account already exists', [
          {
            reason: 'bank_account_exists',
            message: 'Bank account already exists',
            links: { customer_bank_account: existing.id },
          },
        ]);
      const account = {
        id: id('BA'),
        created_at: now(),
        account_holder_name: a.account_holder_name,
        account_number_ending: String(a.account_number).slice(-2),
        bank_name: 'BARCLAYS BANK PLC',
        country_code: 'GB',
        currency: 'GBP',
        enabled: true,
        metadata: a.metadata ?? {},
        links: { customer: a.links.customer },
        _number: a.account_number,
        _branch: a.branch_code,
      };
      bankAccounts.set(account.id, account);
      return { status: 201, body: { customer_bank_accounts: publicOf(account) } };
    }
    if (method === 'POST' && path === '/mandates') {
      const m = body.mandates as unknown as Record<string, unknown> & {
        links: { customer_bank_account: string };
      };
      const account = bankAccounts.get(m.links?.customer_bank_account);
      if (!account)
        return error(422, 'invalid_api_usage', 'Resource not found', [
          { reason: 'resource_not_found', message: 'Customer bank account not found' },
        ]);
      mandateCounter += 1;
      const mandate = {
        id: id('MD'),
        created_at: now(),
        reference: `FIELDHOUSE-${String(mandateCounter).padStart(4, '0')}${randomBytes(2).toString('hex').toUpperCase()}`,
        scheme: m.scheme ?? 'bacs',
        status: 'pending_submission',
        next_possible_charge_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        metadata: m.metadata ?? {},
        links: {
          customer_bank_account: account.id,
          customer: (account.links as { customer: string }).customer,
          creditor: 'CR000STANDIN',
        },
      };
      mandates.set(mandate.id, mandate);
      return { status: 201, body: { mandates: mandate } };
    }
    if (method === 'GET' && path === '/mandates') {
      const reference = query.get('reference');
      const found = [...mandates.values()].filter((m) => !reference || m.reference === reference);
      const limit = Number(query.get('limit') ?? 50);
      return {
        status: 200,
        body: {
          mandates: found.slice(0, limit),
          meta: { cursors: { before: null, after: null }, limit },
        },
      };
    }
    let match = /^\/mandates\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const mandate = mandates.get(match[1]!);
      return mandate
        ? { status: 200, body: { mandates: mandate } }
        : error(404, 'invalid_api_usage', 'Resource not found', [{ reason: 'resource_not_found' }]);
    }
    match = /^\/mandates\/([^/]+)\/actions\/cancel$/.exec(path);
    if (method === 'POST' && match) {
      const mandate = mandates.get(match[1]!);
      if (!mandate)
        return error(404, 'invalid_api_usage', 'Resource not found', [{ reason: 'resource_not_found' }]);
      if (['cancelled', 'failed', 'expired'].includes(String(mandate.status)))
        return error(422, 'invalid_state', 'Mandate is already cancelled', [
          { reason: 'mandate_already_cancelled', message: 'Mandate is already cancelled' },
        ]);
      mandate.status = 'cancelled';
      return { status: 200, body: { mandates: mandate } };
    }
    if (method === 'POST' && path === '/payments') {
      const p = body.payments as unknown as Record<string, unknown> & {
        links: { mandate: string };
        amount: number;
      };
      const mandate = mandates.get(p.links?.mandate);
      if (!mandate)
        return error(422, 'invalid_api_usage', 'Resource not found', [{ reason: 'resource_not_found' }]);
      if (['cancelled', 'failed', 'expired'].includes(String(mandate.status)))
        return error(422, 'invalid_state', 'Mandate is inactive', [
          { reason: 'mandate_is_inactive', message: 'The mandate is not active' },
        ]);
      if (!Number.isInteger(p.amount) || p.amount <= 0 || p.currency !== 'GBP')
        return error(422, 'validation_failed', 'Validation failed', [
          { field: 'amount', message: 'must be a positive whole number of pence' },
        ]);
      const payment = {
        id: id('PM'),
        created_at: now(),
        amount: p.amount,
        currency: 'GBP',
        charge_date: p.charge_date ?? mandate.next_possible_charge_date,
        description: p.description ?? null,
        status: 'pending_submission',
        metadata: p.metadata ?? {},
        links: { mandate: mandate.id, creditor: 'CR000STANDIN' },
      };
      payments.set(payment.id, payment);
      return { status: 201, body: { payments: payment } };
    }
    match = /^\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const payment = payments.get(match[1]!);
      return payment
        ? { status: 200, body: { payments: payment } }
        : error(404, 'invalid_api_usage', 'Resource not found', [{ reason: 'resource_not_found' }]);
    }
    return error(404, 'invalid_api_usage', 'Path not found', [{ reason: 'path_not_found' }]);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, Resource>) : {};
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      requests.push({ method, path: url.pathname, body, idempotencyKey: key });
      const send = (reply: { status: number; body: unknown }) => {
        res.writeHead(reply.status, { 'content-type': 'application/json', 'x-request-id': id('RQ') });
        res.end(JSON.stringify(reply.body));
      };
      if (req.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`)
        return send(
          error(401, 'invalid_api_usage', 'Unauthorized', [
            { reason: 'access_token_not_found', message: 'Access token not found' },
          ]),
        );
      if (req.headers['gocardless-version'] !== '2015-07-06')
        return send(error(400, 'invalid_api_usage', 'Version missing', [{ reason: 'version_not_found' }]));
      if (method === 'POST' && key && !url.pathname.includes('/actions/')) {
        const seen = idempotency.get(key);
        if (seen)
          return send(
            error(409, 'invalid_state', 'A resource has already been created with this idempotency key', [
              {
                reason: 'idempotent_creation_conflict',
                message: 'A resource has already been created with this idempotency key',
                links: { conflicting_resource_id: seen.id },
              },
            ]),
          );
      }
      const reply = route(method, url.pathname, url.searchParams, body);
      if (method === 'POST' && key && reply.status === 201) {
        const created = Object.values(reply.body as unknown as Record<string, Resource>)[0]!;
        idempotency.set(key, { path: url.pathname, id: created.id });
      }
      send(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  let eventCounter = 0;
  /** One GoCardless event (https://developer.gocardless.com/api-reference#core-endpoints-events). */
  const event = (
    resourceType: 'mandates' | 'payments',
    action: string,
    links: Record<string, string>,
    details: Record<string, string> = {},
  ) => ({
    id: `EV${String(++eventCounter).padStart(4, '0')}${randomBytes(4).toString('hex').toUpperCase()}`,
    created_at: now(),
    resource_type: resourceType,
    action,
    links,
    details: { origin: 'gocardless', cause: action, description: `Stand-in ${action}`, ...details },
    metadata: {},
  });

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    mandates,
    payments,
    customers,
    event,
    /** The body GoCardless would POST, and its signature (Webhook-Signature) with `secret`. */
    webhook(events: object[], secret = STAND_IN_WEBHOOK_SECRET) {
      const body = JSON.stringify({ events, meta: { webhook_id: id('WB') } });
      return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
    },
    /** Moves a mandate along as GoCardless would (the webhook is separate). */
    setMandateStatus(mandateId: string, status: string) {
      mandates.get(mandateId)!.status = status;
    },
    setPaymentStatus(paymentId: string, status: string) {
      payments.get(paymentId)!.status = status;
    },
    /** A payment made in GoCardless, not by Fieldhouse (e.g. by a subscription on the mandate). */
    createOutsidePayment(mandateId: string, amount: number, chargeDate: string) {
      const payment = {
        id: id('PM'),
        created_at: now(),
        amount,
        currency: 'GBP',
        charge_date: chargeDate,
        description: 'Monthly membership (subscription)',
        status: 'pending_submission',
        metadata: {},
        links: { mandate: mandateId, subscription: id('SB'), creditor: 'CR000STANDIN' },
      };
      payments.set(payment.id, payment);
      return payment;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A bank account's public fields (GoCardless never answers the full account number). */
function publicOf(account: Resource) {
  const { _number: _n, _branch: _b, ...rest } = account;
  return rest;
}
