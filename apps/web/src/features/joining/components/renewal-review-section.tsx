import { MEMBERSHIP_RENEWAL_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { isApiError } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useRenewalDetails } from '../api/get-renewal-details';
import type { SectionErrors } from '../types';

export interface RenewalReviewSectionProps {
  membershipId: number;
  serverErrors?: SectionErrors;
  isSubmitting: boolean;
  onContinue: () => void;
}

/**
 * 'Review & select dates' on a renewal (account-shell §3 Renewal details): what the renewal gives and costs. The
 * start date is not shown (the renewal follows on); Continue adds it to the basket.
 */
export function RenewalReviewSection({
  membershipId,
  serverErrors = {},
  isSubmitting,
  onContinue,
}: RenewalReviewSectionProps) {
  const renewal = useRenewalDetails(membershipId);
  if (renewal.isPending) return <Spinner label="Loading renewal details" />;
  if (renewal.isError)
    return (
      <p role="alert">
        {isApiError(renewal.error) && renewal.error.status === 404
          ? MEMBERSHIP_RENEWAL_TEXTS.noRenewal
          : renewal.error.message}
      </p>
    );
  const details = renewal.data;
  const rows: [string, string][] = [
    ['Membership', details.name],
    ['Access', details.access],
    ['Duration', details.duration],
    ['Price', details.price.formatted],
    ['Joining fee', details.joiningFee.formatted],
    ['Start date', details.startDate.fullDatePretty],
    ['End date', details.endDate.fullDatePretty],
  ];
  const errors = Object.values(serverErrors).flat();
  return (
    <div className="review-dates">
      <dl className="summary-list" aria-label="Renewal details">
        {rows.map(([term, value]) => (
          <div key={term} className="summary-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {details.benefits.length > 0 && (
        <section aria-label="Benefits">
          <h4>Benefits</h4>
          <ul>
            {details.benefits.map((benefit) => (
              <li key={benefit.name}>
                <strong>{benefit.name}</strong>
                {benefit.description ? ` – ${benefit.description}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="cost-breakdown" aria-label="Cost breakdown">
        <div className="cost-breakdown__line cost-breakdown__line--total">
          <dt>Total</dt>
          <dd>{details.totalCost.formatted}</dd>
        </div>
      </dl>
      {errors.length > 0 && (
        <div className="notice notice--danger" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <div className="journey-actions">
        <Button onClick={onContinue} disabled={isSubmitting} isPending={isSubmitting}>
          {isSubmitting ? 'Processing...' : 'Continue'}
        </Button>
      </div>
    </div>
  );
}
