import { type AccountDirectDebit, DIRECT_DEBIT_TEXTS } from '@fieldhouse/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { directDebitMandates } from '../../db/schema.ts';

/**
 * The member's direct-debit mandates, newest first, as the payments page shows them: a mandate cancelled at the
 * bank or one that failed says so, with what it means for the member (decision 037).
 */
export async function findAccountMandates(db: DbOrTx, customerId: number): Promise<AccountDirectDebit[]> {
  const rows = await db
    .select()
    .from(directDebitMandates)
    .where(eq(directDebitMandates.customerId, customerId))
    .orderBy(desc(directDebitMandates.createdAt), desc(directDebitMandates.id));
  return rows.map((m) => ({
    provider: m.provider,
    reference: m.reference,
    account_holder: m.accountHolder,
    account_number_ending: m.accountNumberLast4.slice(-2),
    sort_code: m.sortCodeMasked,
    status: m.status,
    status_label: DIRECT_DEBIT_TEXTS.status[m.status],
    notice:
      m.status === 'cancelled'
        ? DIRECT_DEBIT_TEXTS.cancelledNotice
        : m.status === 'failed'
          ? DIRECT_DEBIT_TEXTS.failedNotice
          : null,
    cancelled_at: m.cancelledAt?.toISOString() ?? null,
  }));
}
