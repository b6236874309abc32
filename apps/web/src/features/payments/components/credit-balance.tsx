import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InfoTip } from '../../../ui/info-tip';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { creditBalanceQueryOptions } from '../api/get-credit-balance';

export const CREDIT_TIPS = {
  booking: 'Booking credit can be redeemed against future bookings of your choice.',
  membership:
    'Membership credit is automatically redeemed against your ongoing payment method until it is used up.',
} as const;

function Balance({
  label,
  tip,
  amount,
  testId,
}: {
  label: string;
  tip: string;
  amount: string;
  testId: string;
}) {
  return (
    <div className="credit-balance">
      <dt>
        {label}
        <InfoTip label={`About ${label.toLowerCase()}`}>{tip}</InfoTip>
      </dt>
      <dd data-testid={testId}>{amount}</dd>
    </div>
  );
}

/**
 * Booking credit and (only when its raw total is above 0) membership credit, each with an info tip.
 * Expired credit does not count (the server leaves it out).
 */
export function CreditBalance({ heading, action }: { heading: string; action?: ReactNode }) {
  const balance = useQuery(creditBalanceQueryOptions);
  let content: ReactNode;
  if (balance.isPending) content = <Spinner label="Loading your credit" />;
  else if (balance.isError)
    content = <LoadError text={balance.error.message} onRetry={() => balance.refetch()} />;
  else {
    const { generalCredit, membershipCredit } = balance.data;
    content = (
      <dl className="credit-balances">
        <Balance
          label="Booking credit"
          tip={CREDIT_TIPS.booking}
          amount={generalCredit.totalAvailable.formatted}
          testId="booking-credit"
        />
        {membershipCredit.totalAvailable.raw > 0 && (
          <Balance
            label="Membership credit"
            tip={CREDIT_TIPS.membership}
            amount={membershipCredit.totalAvailable.formatted}
            testId="membership-credit"
          />
        )}
      </dl>
    );
  }
  return (
    <section className="card payments-section" aria-labelledby="credit-balance-heading">
      <h2 id="credit-balance-heading">{heading}</h2>
      {content}
      {action}
    </section>
  );
}
