import { createHash, randomBytes } from 'node:crypto';
import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract';
import type {
  CollectionRequest,
  CollectionResult,
  DirectDebitProvider,
  MandateRequest,
  MandateResult,
} from './provider.ts';

/** Test values the sandbox refuses as a bank would (documented in apps/api/README.md). */
export const SANDBOX_REJECTED_SORT_CODE = '000000';
export const SANDBOX_REJECTED_ACCOUNT_NUMBER = '00000000';

/**
 * The sandbox direct-debit provider: accepts any well-formed bank details except the rejected test values and
 * answers a reference 'SBX-MD-…'. It keeps no bank details; cancelled references are remembered in memory only.
 */
export class SandboxDirectDebitProvider implements DirectDebitProvider {
  readonly name = 'sandbox';
  readonly cancelled = new Set<string>();

  async createMandate(request: MandateRequest): Promise<MandateResult> {
    if (
      request.sortCode === SANDBOX_REJECTED_SORT_CODE ||
      request.accountNumber === SANDBOX_REJECTED_ACCOUNT_NUMBER
    ) {
      return {
        ok: false,
        field: 'account_details.account_number',
        message: MEMBERSHIP_PURCHASE_TEXTS.bankDetailsRejected,
      };
    }
    return {
      ok: true,
      provider: this.name,
      reference: `SBX-MD-${randomBytes(6).toString('hex').toUpperCase()}`,
    };
  }

  async cancelMandate(reference: string): Promise<void> {
    this.cancelled.add(reference);
  }

  /** Collections the sandbox was asked for, by idempotency key (nothing is collected). */
  readonly collections = new Map<string, CollectionResult>();

  /**
   * The payment's id follows from the idempotency key, as a real provider answers the first payment again for a
   * key it has seen: two processes, or a run after a restart, asking for the same collection get the same payment.
   */
  async collect(request: CollectionRequest): Promise<CollectionResult> {
    const id = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 12).toUpperCase();
    const result = { providerPaymentId: `SBX-PM-${id}`, chargeDate: request.chargeDate };
    this.collections.set(request.idempotencyKey, result);
    return result;
  }
}
