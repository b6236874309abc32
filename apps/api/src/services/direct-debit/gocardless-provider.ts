import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract';
import {
  Environments,
  GoCardlessClient,
  InvalidStateError,
  parse as parseWebhook,
  ValidationFailedError,
} from 'gocardless-nodejs';
import type { GoCardlessConfig } from '../../config.ts';
import type {
  CollectionRequest,
  CollectionResult,
  DirectDebitProvider,
  MandateRequest,
  MandateResult,
} from './provider.ts';

/** The provider's name in the API (`GET /api/direct-debit/provider`): the web shows GoCardless's privacy notice. */
export const GOCARDLESS_PROVIDER_NAME = 'go_cardless';

/** A call to GoCardless that has not answered in this long is given up (the SDK has no timeout of its own). */
const CALL_TIMEOUT_MS = 30_000;

const withTimeout = <T>(what: string, promise: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`GoCardless did not answer ${what} within ${CALL_TIMEOUT_MS / 1000} s`)),
      CALL_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

type ApiErrorDetail = {
  field?: string;
  reason?: string;
  message?: string;
  links?: Record<string, string>;
};
const detailsOf = (err: unknown): ApiErrorDetail[] =>
  ((err as { errors?: ApiErrorDetail[] }).errors ?? []).filter(Boolean);

/**
 * Which of our bank-detail fields a GoCardless validation error is about: the sort code is GoCardless's
 * `branch_code` (or `bank_code`); everything else about the account (number, holder, modulus check) is the account
 * number's.
 */
const fieldOf = (details: ApiErrorDetail[]) =>
  details.some((d) => /branch_code|bank_code|sort_code/.test(`${d.field ?? ''} ${d.message ?? ''}`))
    ? ('account_details.sort_code' as const)
    : ('account_details.account_number' as const);

/**
 * Direct debit through GoCardless (decision 037), Bacs in GBP. A mandate is made from the bank details the member
 * gave in the joining journey: a GoCardless customer, their bank account, then a Bacs mandate on it; the mandate's
 * scheme reference is what the member sees, its id ('MD…') what webhooks and collections use. GoCardless mails the
 * member its own notices (mandate set up, advance notice of each collection) to the address given here.
 *
 * GoCardless's hosted Billing Request flow (the member types bank details on GoCardless's pages) would replace
 * createMandate with `billingRequests.create` + `billingRequestFlows.create` and a redirect; the webhooks below work
 * the same for mandates made either way.
 */
export class GoCardlessDirectDebitProvider implements DirectDebitProvider {
  readonly name = GOCARDLESS_PROVIDER_NAME;
  readonly client: GoCardlessClient;

  constructor(config: Pick<GoCardlessConfig, 'accessToken' | 'environment' | 'apiBaseUrl'>) {
    this.client = new GoCardlessClient(
      config.accessToken,
      config.environment === 'live' ? Environments.Live : Environments.Sandbox,
      {},
    );
    if (config.apiBaseUrl) {
      // Tests only (GOCARDLESS_API_BASE_URL, refused in production by config.ts): the SDK has no base-URL option,
      // so its request helper's address is replaced with the local stand-in's (SDK version pinned exactly).
      const api = (this.client as unknown as { _api: { _baseUrl: string } })._api;
      if (typeof api?._baseUrl !== 'string') throw new Error('gocardless-nodejs changed: no _api._baseUrl');
      api._baseUrl = config.apiBaseUrl;
    }
  }

  async createMandate(request: MandateRequest): Promise<MandateResult> {
    const metadata = { fieldhouse_customer: request.customerReference };
    const customer = await withTimeout(
      'creating a customer',
      this.client.customers.create({
        email: request.email,
        given_name: request.givenName,
        family_name: request.familyName,
        address_line1: request.address.line1,
        ...(request.address.line2 ? { address_line2: request.address.line2 } : {}),
        city: request.address.city,
        postal_code: request.address.postcode,
        country_code: 'GB',
        metadata,
      }),
    );
    let bankAccountId: string;
    try {
      const account = await withTimeout(
        'creating a bank account',
        this.client.customerBankAccounts.create({
          account_holder_name: request.accountHolder,
          account_number: request.accountNumber,
          branch_code: request.sortCode,
          country_code: 'GB',
          links: { customer: customer.id! },
          metadata,
        }),
      );
      bankAccountId = account.id!;
    } catch (err) {
      if (!(err instanceof ValidationFailedError)) throw err;
      const details = detailsOf(err);
      // The same account given again for the same customer: GoCardless answers the one it has.
      const existing = details.find((d) => d.reason === 'bank_account_exists')?.links?.customer_bank_account;
      if (!existing) {
        return { ok: false, field: fieldOf(details), message: MEMBERSHIP_PURCHASE_TEXTS.bankDetailsRejected };
      }
      bankAccountId = existing;
    }
    try {
      const mandate = await withTimeout(
        'creating a mandate',
        this.client.mandates.create({
          scheme: 'bacs',
          links: { customer_bank_account: bankAccountId },
          metadata,
        }),
      );
      return {
        ok: true,
        provider: this.name,
        reference: mandate.reference!,
        providerMandateId: mandate.id!,
      };
    } catch (err) {
      if (!(err instanceof ValidationFailedError)) throw err;
      return {
        ok: false,
        field: fieldOf(detailsOf(err)),
        message: MEMBERSHIP_PURCHASE_TEXTS.bankDetailsRejected,
      };
    }
  }

  async cancelMandate(reference: string): Promise<void> {
    const found = await withTimeout('listing mandates', this.client.mandates.list({ reference, limit: 1 }));
    const mandate = found.mandates?.[0];
    if (
      !mandate?.id ||
      ['cancelled', 'failed', 'expired', 'consumed', 'blocked'].includes(mandate.status ?? '')
    )
      return;
    try {
      await withTimeout('cancelling a mandate', this.client.mandates.cancel(mandate.id));
    } catch (err) {
      // Cancelled meanwhile (by the member's bank, or a second call): nothing left to do.
      if (err instanceof InvalidStateError) return;
      throw err;
    }
  }

  async collect(request: CollectionRequest): Promise<CollectionResult> {
    if (!request.mandate.providerMandateId)
      throw new Error(`Mandate ${request.mandate.reference} has no GoCardless id`);
    const payment = await withTimeout(
      'creating a payment',
      this.client.payments.create(
        {
          amount: request.amount,
          currency: 'GBP',
          charge_date: request.chargeDate,
          description: request.description.slice(0, 100),
          links: { mandate: request.mandate.providerMandateId },
        },
        request.idempotencyKey,
      ),
    );
    return { providerPaymentId: payment.id!, chargeDate: payment.charge_date ?? request.chargeDate };
  }
}

export type ProviderPayment = {
  providerPaymentId: string;
  providerMandateId: string;
  amount: number;
  chargeDate: string;
};

/**
 * A payment as GoCardless has it (GET /payments/:id), for webhook events about collections made outside Fieldhouse
 * (a subscription or a one-off payment set up in the GoCardless dashboard). Null when GoCardless does not know it.
 */
export async function findGoCardlessPayment(
  provider: GoCardlessDirectDebitProvider,
  providerPaymentId: string,
): Promise<ProviderPayment | null> {
  try {
    const p = await withTimeout('fetching a payment', provider.client.payments.find(providerPaymentId));
    if (!p.links?.mandate || typeof p.amount !== 'number' || !p.charge_date) return null;
    return {
      providerPaymentId,
      providerMandateId: p.links.mandate,
      amount: Math.round(Number(p.amount)),
      chargeDate: p.charge_date,
    };
  } catch (err) {
    if ((err as { response?: { statusCode?: number } })?.response?.statusCode === 404) return null;
    throw err;
  }
}

/** One webhook event as we keep it (GoCardless's event, trimmed to what processing reads). */
export type DirectDebitEvent = {
  id: string;
  resourceType: string;
  action: string;
  createdAt: string | null;
  links: Record<string, string>;
  details: { cause?: string; reason_code?: string; description?: string; origin?: string };
};

export class InvalidWebhookSignatureError extends Error {}

/**
 * Checks a webhook's `Webhook-Signature` (HMAC-SHA256 of the raw body with the endpoint's secret, hex; the SDK's
 * `webhooks.parse`) and answers its events. A wrong or missing signature throws InvalidWebhookSignatureError.
 */
export function parseGoCardlessWebhook(
  body: Buffer,
  secret: string,
  signature: string | undefined,
): DirectDebitEvent[] {
  let events: unknown[];
  try {
    events = parseWebhook(body, secret, signature ?? '') as unknown[];
  } catch (err) {
    if ((err as { name?: string })?.name === 'InvalidSignatureError')
      throw new InvalidWebhookSignatureError('The webhook signature does not match');
    throw err;
  }
  if (!Array.isArray(events)) throw new Error('A GoCardless webhook body has an events array');
  return events.map((raw) => {
    const e = raw as Record<string, unknown>;
    if (typeof e.id !== 'string' || typeof e.resource_type !== 'string' || typeof e.action !== 'string')
      throw new Error('A GoCardless event has an id, a resource_type and an action');
    return {
      id: e.id,
      resourceType: e.resource_type,
      action: e.action,
      createdAt: typeof e.created_at === 'string' ? e.created_at : null,
      links: (e.links ?? {}) as Record<string, string>,
      details: (e.details ?? {}) as DirectDebitEvent['details'],
    };
  });
}
