import { creditBalanceQueryOptions } from '../../../../features/payments/api/get-credit-balance';
import { creditTransactionsQueryOptions } from '../../../../features/payments/api/get-credit-transactions';
import type { CreditType } from '../../../../features/payments/api/types';
import { CreditBalance } from '../../../../features/payments/components/credit-balance';
import { CreditHistory, CreditToggle } from '../../../../features/payments/components/credit-history';
import { PageTitle } from '../../../../lib/page-title';
import { useParams } from '../../../../lib/router';
import { WhenSettled } from '../../../../ui/when-settled';

const TYPES: Record<string, CreditType> = { added: 'added', spent: 'spent' };

/**
 * /payments/credit/added and /payments/credit/spent (only when the credits feature is on): the balance and the
 * history appear together (`WhenSettled`); the other tab's history then loads in its own section.
 */
export default function CreditPage() {
  const { type = '' } = useParams();
  const creditType = TYPES[type];
  // The layout already shows not-found for these; this keeps the page safe on its own.
  if (!creditType) return null;
  return (
    <>
      <PageTitle title={creditType === 'added' ? 'Credit added' : 'Credit spent'} />
      <WhenSettled
        queries={[creditBalanceQueryOptions, creditTransactionsQueryOptions(creditType)]}
        label="Loading your credit"
      >
        <CreditBalance heading="Account credit" />
        <section className="payments-section" aria-labelledby="credit-history-heading">
          <h2 id="credit-history-heading">Credit history</h2>
          <CreditToggle current={creditType} />
          <CreditHistory key={creditType} type={creditType} />
        </section>
      </WhenSettled>
    </>
  );
}
