import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '../../ui/badge';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { type AccountMembership, accountMembershipsQueryOptions } from './api';
import './memberships.css';

export const MEMBERSHIPS_TEXTS = {
  intro: 'View and manage all the memberships linked to your account',
  none: 'You currently have no memberships',
  loadFailed: 'Failed to load your memberships, please try again.',
} as const;

const STATUS_LABELS: Record<AccountMembership['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  frozen: 'Frozen',
  cancelled: 'Cancelled',
  expired: 'Expired',
  suspended: 'Suspended',
};

const statusTone = (status: AccountMembership['status']) =>
  status === 'active' ? 'success' : status === 'suspended' || status === 'cancelled' ? 'danger' : 'neutral';

function MembershipCard({ membership }: { membership: AccountMembership }) {
  const headingId = useId();
  const dd = membership.directDebit;
  const rows: [string, string][] = [
    ['Membership number', membership.reference],
    ['Home centre', membership.homeVenue.name],
    ['Access', membership.membershipType.coverage],
    ['Start date', membership.startDate.fullDate],
  ];
  if (membership.expiresAt) rows.push(['Expires', membership.expiresAt.fullDate]);
  rows.push([
    'Price',
    membership.paymentType === 'recurring'
      ? `${membership.price.formatted} per month`
      : membership.price.formatted,
  ]);
  if (membership.nextPaymentDate) rows.push(['Next payment', membership.nextPaymentDate.fullDate]);
  if (dd) rows.push(['Direct debit', `${dd.accountHolder}, account ending ${dd.accountNumberEnding}`]);
  return (
    <li>
      <article className="membership-card card" aria-labelledby={headingId}>
        <div className="membership-card__head">
          <h2 id={headingId} className="membership-card__name">
            {membership.membershipType.name}
          </h2>
          <Badge tone={statusTone(membership.status)}>{STATUS_LABELS[membership.status]}</Badge>
        </div>
        {membership.statusInfo && <p className="membership-card__info">{membership.statusInfo}</p>}
        <dl className="details-list membership-card__details">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {membership.benefits.length > 0 && (
          <div className="membership-card__benefits">
            <h3>Benefits</h3>
            <ul>
              {membership.benefits.map((benefit) => (
                <li key={benefit.id}>
                  {benefit.name}
                  {benefit.renewsAt ? ` (renews ${benefit.renewsAt.rawPretty})` : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
      </article>
    </li>
  );
}

/** /memberships: every membership on the account with its status and details (account-shell §2, §3). */
export function MembershipList() {
  const memberships = useQuery(accountMembershipsQueryOptions);
  if (memberships.isPending) return <Spinner label="Loading your memberships" />;
  if (memberships.isError)
    return <LoadError text={MEMBERSHIPS_TEXTS.loadFailed} onRetry={() => memberships.refetch()} />;
  if (memberships.data.length === 0) return <p>{MEMBERSHIPS_TEXTS.none}</p>;
  return (
    <>
      <p>{MEMBERSHIPS_TEXTS.intro}</p>
      <ul className="membership-list">
        {memberships.data.map((membership) => (
          <MembershipCard key={membership.id} membership={membership} />
        ))}
      </ul>
    </>
  );
}
