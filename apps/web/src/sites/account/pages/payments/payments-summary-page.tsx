import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useEffect, useState } from 'react';
import { savedCardsQueryOptions } from '../../../../api/get-saved-cards';
import { useClient } from '../../../../features/client/api/get-client';
import { creditBalanceQueryOptions } from '../../../../features/payments/api/get-credit-balance';
import { directDebitQueryOptions } from '../../../../features/payments/api/get-direct-debit';
import { penaltiesQueryOptions } from '../../../../features/payments/api/get-penalties';
import { CreditBalance } from '../../../../features/payments/components/credit-balance';
import { DirectDebit } from '../../../../features/payments/components/direct-debit';
import { PaymentMethods } from '../../../../features/payments/components/payment-methods';
import { UnpaidFees } from '../../../../features/payments/components/unpaid-fees';
import { Link, useLocation, useNavigate } from '../../../../lib/router';
import { Notice } from '../../../../ui/notice';
import { WhenSettled } from '../../../../ui/when-settled';

function CardDeletedNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div role="status">
      <Notice tone="success">
        <div className="dismissible">
          <p>{PAYMENTS_TEXTS.cardDeleted}</p>
          <button type="button" className="dismissible__close" aria-label="Dismiss" onClick={onDismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </Notice>
    </div>
  );
}

/**
 * /payments: the card-deleted notice, then unpaid fees, credit balance (credits on), payment methods and direct
 * debit, which appear together (`WhenSettled`).
 */
export default function PaymentsSummaryPage() {
  const client = useClient();
  const location = useLocation();
  const navigate = useNavigate();
  // The notice belongs to the navigation that deleted the card: read it once, then clear the history
  // entry's state at once so a reload (which keeps history state) does not bring it back.
  const [showDeleted, setShowDeleted] = useState(() =>
    Boolean((location.state as { deletedCard?: boolean } | null)?.deletedCard),
  );
  const hasState = location.state !== null && location.state !== undefined;
  useEffect(() => {
    if (hasState) navigate(location, { replace: true, state: null });
  }, [hasState, navigate, location]);
  const hasCredits = Boolean(client?.features.credits);
  return (
    <>
      {showDeleted && <CardDeletedNotice onDismiss={() => setShowDeleted(false)} />}
      <WhenSettled
        queries={[
          penaltiesQueryOptions,
          { ...creditBalanceQueryOptions, enabled: hasCredits },
          savedCardsQueryOptions,
          directDebitQueryOptions,
        ]}
        label="Loading your payments"
      >
        <UnpaidFees />
        {hasCredits && (
          <CreditBalance
            heading="Credit balance"
            action={
              <p className="payments-section__link">
                <Link to="/payments/credit/added">View credit history</Link>
              </p>
            }
          />
        )}
        <PaymentMethods />
        <DirectDebit />
      </WhenSettled>
    </>
  );
}
