/**
 * The direct-debit provider behind membership purchases (joining §5 Bank details). The sandbox
 * (sandbox-provider.ts) is the default; a real provider (GoCardless, Bottomline, ...) implements this interface in
 * its own file and is chosen in plugins/app/direct-debit.ts by DIRECT_DEBIT_PROVIDER.
 *
 * Rules every implementation keeps:
 * - The full account number goes to the provider and nowhere else (the database keeps the last digits only).
 * - createMandate either answers the provider's reference or a field error meant for the customer; anything else
 *   (network, credentials) throws.
 * - cancelMandate is idempotent (cancelling an unknown or already cancelled mandate is not an error).
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
};

export type MandateResult =
  | { ok: true; reference: string; provider: string }
  | { ok: false; field: 'account_details.account_number' | 'account_details.sort_code'; message: string };

export interface DirectDebitProvider {
  readonly name: string;
  createMandate(request: MandateRequest): Promise<MandateResult>;
  cancelMandate(reference: string): Promise<void>;
}
