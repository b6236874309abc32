/**
 * The direct-debit provider behind membership purchases (joining §5 Bank details). The sandbox
 * (sandbox-provider.ts) is the default; GoCardless (gocardless-provider.ts, decision 037) is the real one; another
 * (Bottomline, ...) implements this interface in its own file and is chosen in plugins/app/direct-debit.ts by
 * DIRECT_DEBIT_PROVIDER.
 *
 * Rules every implementation keeps:
 * - The full account number goes to the provider and nowhere else (the database keeps the last digits only).
 * - createMandate either answers the provider's reference or a field error meant for the customer; anything else
 *   (network, credentials) throws.
 * - cancelMandate is idempotent (cancelling an unknown or already cancelled mandate is not an error).
 * - collect asks for one collection against a mandate; the provider's webhooks then say whether it was paid.
 */
export type MandateRequest = {
  accountHolder: string;
  /** Digits only (the contract strips spaces and dashes). */
  accountNumber: string;
  /** Six digits. */
  sortCode: string;
  address: { line1: string; line2: string | null; city: string; postcode: string };
  /** Our customer reference, shown on the customer's bank statement by some providers. */
  customerReference: string;
  /** The member, as the provider's customer record (GoCardless mails its own notifications to this address). */
  email: string;
  givenName: string;
  familyName: string;
};

export type MandateResult =
  | {
      ok: true;
      /** The scheme reference, shown to the member and on their receipt. */
      reference: string;
      provider: string;
      /** The provider's id of the mandate when it differs from the reference (GoCardless 'MD…'). */
      providerMandateId?: string;
    }
  | { ok: false; field: 'account_details.account_number' | 'account_details.sort_code'; message: string };

/** One collection against a mandate. */
export type CollectionRequest = {
  /** The mandate as stored: its reference and, for providers that have one, its id. */
  mandate: { reference: string; providerMandateId: string | null };
  /** Pence. */
  amount: number;
  /** The day it is due (YYYY-MM-DD); the provider may move it to its earliest possible day. */
  chargeDate: string;
  /** Shown to the member by the provider (e.g. 'Gold monthly, December 2026'). */
  description: string;
  /** The same key asks for the same collection once, however often it is sent. */
  idempotencyKey: string;
};

export type CollectionResult = { providerPaymentId: string; chargeDate: string };

export interface DirectDebitProvider {
  /** 'sandbox' or 'go_cardless' (the web shows GoCardless's privacy notice for the latter). */
  readonly name: string;
  createMandate(request: MandateRequest): Promise<MandateResult>;
  cancelMandate(reference: string): Promise<void>;
  collect(request: CollectionRequest): Promise<CollectionResult>;
}
