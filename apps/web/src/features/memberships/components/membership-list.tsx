import { DIRECT_DEBIT_TEXTS } from '@fieldhouse/contract/texts/direct-debit';
import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DetailsList, type DetailsRow } from '../../../ui/details-list';
import { LoadError } from '../../../ui/load-error';
import { Notice } from '../../../ui/notice';
import { Spinner } from '../../../ui/spinner';
import { type AccountMembership, accountMembershipsQueryOptions } from '../api/get-account-memberships';
import { eligibilityNotices, type ManageAction } from '../rules/membership-rules';
import { MEMBERSHIPS_PAGE_TEXTS } from '../texts';
import '../memberships.css';

const MAX_VENUES_SHOWN = 3;

/** 'National', a few centre names, or for a long list its count with the names behind a disclosure. */
function CoverageText({ coverage }: { coverage: string }) {
  const names = coverage.split(', ');
  if (names.length <= MAX_VENUES_SHOWN) return coverage;
  return (
    <details className="account-membership__coverage">
      <summary>{names.length} centres</summary>
      {coverage}
    </details>
  );
}

const ManageMembershipModal = lazy(() => import('./manage-membership-modal'));
const FreezeModal = lazy(() => import('./freeze-modal'));
const UploadDocumentModal = lazy(() => import('./upload-document-modal'));
const CancelModal = lazy(() => import('./cancel-modal'));

export const STATUS_LABELS: Record<AccountMembership['status'], string> = {
  pending: 'Pending',
  active: 'Active',
  frozen: 'Frozen',
  cancelled: 'Cancelled',
  expired: 'Expired',
  suspended: 'Suspended',
};

const statusTone = (status: AccountMembership['status']) =>
  status === 'active' ? 'success' : status === 'suspended' || status === 'cancelled' ? 'danger' : 'neutral';

const manageButtonId = (membershipId: number) => `manage-membership-${membershipId}`;

function WarningIcon({ label }: { label: string }) {
  return (
    <svg
      className="account-membership__warning"
      role="img"
      aria-label={label}
      width="24"
      height="24"
      viewBox="0 0 24 24"
    >
      <title>{label}</title>
      <path d="M12 2 1 21h22L12 2Z" fill="#b45309" />
      <path d="M12 9v5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="17.5" r="1.3" fill="#fff" />
    </svg>
  );
}

function MembershipCard({
  membership,
  daysToExpiry,
  onManage,
}: {
  membership: AccountMembership;
  daysToExpiry: number | null;
  onManage: (action: ManageAction) => void;
}) {
  const headingId = useId();
  const dd = membership.directDebit;
  const rows: DetailsRow[] = [
    ['Membership number', membership.reference],
    ['Home centre', membership.homeVenue.name],
    ['Access', <CoverageText key="access" coverage={membership.membershipType.coverage} />],
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
  const ddLapsed = dd?.status === 'cancelled' || dd?.status === 'failed';
  if (dd)
    rows.push([
      'Direct debit',
      `${dd.accountHolder}, account ending ${dd.accountNumberEnding}${
        dd.status === 'active' ? '' : ` (${DIRECT_DEBIT_TEXTS.status[dd.status]})`
      }`,
    ]);
  if (membership.document)
    rows.push(['Document', `${membership.document.type.name} (${membership.document.status})`]);
  const notices = eligibilityNotices(membership, daysToExpiry);
  return (
    <li>
      <article className="account-membership card" aria-labelledby={headingId}>
        <div className="account-membership__head">
          <div className="account-membership__title">
            {membership.uploadRequired && <WarningIcon label={MEMBERSHIPS_PAGE_TEXTS.uploadWarning} />}
            <h2 id={headingId} className="account-membership__name">
              {membership.membershipType.name}
            </h2>
          </div>
          <Badge tone={statusTone(membership.status)}>{STATUS_LABELS[membership.status]}</Badge>
        </div>
        {membership.statusInfo && <p className="account-membership__info">{membership.statusInfo}</p>}
        {ddLapsed && (
          <div role="note">
            <Notice tone="warning">
              <p>
                {dd.status === 'cancelled'
                  ? DIRECT_DEBIT_TEXTS.cancelledNotice
                  : DIRECT_DEBIT_TEXTS.failedNotice}
              </p>
            </Notice>
          </div>
        )}
        {notices.map((notice) => (
          <Notice key={notice.lines[0]} tone={notice.tone}>
            {notice.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {membership.managementEnabled && (
              <Button variant="text" onClick={() => onManage('upload')}>
                Upload document
              </Button>
            )}
          </Notice>
        ))}
        <DetailsList rows={rows} className="account-membership__details" />
        {membership.benefits.length > 0 && (
          <div className="account-membership__benefits">
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
        <div className="account-membership__actions">
          <Button
            id={manageButtonId(membership.id)}
            variant="secondary"
            aria-label={`${MEMBERSHIP_MANAGEMENT_TEXTS.manage}: ${membership.membershipType.name}`}
            onClick={() => onManage('manage')}
          >
            {MEMBERSHIP_MANAGEMENT_TEXTS.manage}
          </Button>
        </div>
      </article>
    </li>
  );
}

export interface MembershipListProps {
  /** Days until each membership's document expires, by membership id (from the user's document expiry list). */
  daysToExpiry?: Record<number, number>;
}

/**
 * /memberships (account-shell §2, §4): every membership on the account in the server's order, its status, details,
 * eligibility notices and the manage modal with its freeze, upload and cancel modals (loaded when opened).
 */
export function MembershipList({ daysToExpiry = {} }: MembershipListProps) {
  const memberships = useQuery(accountMembershipsQueryOptions);
  const [open, setOpen] = useState<{ action: ManageAction; id: number } | null>(null);
  if (memberships.isPending) return <Spinner label="Loading your memberships" />;
  if (memberships.isError)
    return <LoadError text={MEMBERSHIPS_PAGE_TEXTS.loadFailed} onRetry={() => memberships.refetch()} />;
  if (memberships.data.length === 0) return <p>{MEMBERSHIP_MANAGEMENT_TEXTS.none}</p>;
  // The modal keeps the membership it opened with while the list reloads (a cancelled one stays on show).
  const current = open ? memberships.data.find((m) => m.id === open.id) : undefined;
  const close = () => {
    // The modal that closes may not be the one the card's button opened (manage → freeze): focus goes back to it.
    const id = open?.id;
    setOpen(null);
    if (id !== undefined) requestAnimationFrame(() => document.getElementById(manageButtonId(id))?.focus());
  };
  return (
    <>
      <p>{MEMBERSHIP_MANAGEMENT_TEXTS.intro}</p>
      <ul className="account-membership-list">
        {memberships.data.map((membership) => (
          <MembershipCard
            key={membership.id}
            membership={membership}
            daysToExpiry={daysToExpiry[membership.id] ?? null}
            onManage={(action) => setOpen({ action, id: membership.id })}
          />
        ))}
      </ul>
      {open && current && (
        <Suspense fallback={null}>
          {open.action === 'manage' && (
            <ManageMembershipModal
              membership={current}
              onAction={(action) => setOpen({ action, id: current.id })}
              onClose={close}
            />
          )}
          {open.action === 'freeze' && <FreezeModal membership={current} onClose={close} />}
          {open.action === 'upload' && <UploadDocumentModal membership={current} onClose={close} />}
          {open.action === 'cancel' && <CancelModal membership={current} onClose={close} />}
        </Suspense>
      )}
    </>
  );
}
