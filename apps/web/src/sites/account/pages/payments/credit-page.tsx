import type { CreditType } from '../../../../features/payments/api/types';
import { CreditBalance } from '../../../../features/payments/components/credit-balance';
import { CreditHistory, CreditToggle } from '../../../../features/payments/components/credit-history';
import { PageTitle } from '../../../../lib/page-title';
import { useParams } from '../../../../lib/router';

const TYPES: Record<string, CreditType> = { added: 'added', spent: 'spent' };

/** /payments/credit/added and /payments/credit/spent (only when the credits feature is on). */
export default function CreditPage() {
  const { type = '' } = useParams();
  const creditType = TYPES[type];
  // The layout already shows not-found for these; this keeps the page safe on its own.
  if (!creditType) return null;
  return (
    <>
      <PageTitle title={creditType === 'added' ? 'Credit added' : 'Credit spent'} />
      <CreditBalance heading="Account credit" />
      <section className="payments-section" aria-labelledby="credit-history-heading">
        <h2 id="credit-history-heading">Credit history</h2>
        <CreditToggle current={creditType} />
        <CreditHistory key={creditType} type={creditType} />
      </section>
    </>
  );
}
