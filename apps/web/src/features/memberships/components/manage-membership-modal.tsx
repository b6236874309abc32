import { MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract/texts/membership-management';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Button, buttonClass } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';
import type { AccountMembership } from '../api/get-account-memberships';
import { type ManageAction, type ManageOption, manageOptions } from '../rules/membership-rules';

/** Navigation state the change and renew pages need (opened without it, they go back to /memberships). */
export interface ManageNavigationState {
  membership: AccountMembership;
}

const LABELS: Record<ManageOption['id'], string> = {
  change: 'Change membership',
  freeze: 'Freeze membership',
  renew: 'Renew membership',
  cancel: 'Cancel membership',
  upload: 'Upload document',
};

function OptionRow({
  option,
  membership,
  onAction,
}: {
  option: ManageOption;
  membership: AccountMembership;
  onAction: (action: ManageAction) => void;
}) {
  const reasonId = useId();
  const label = LABELS[option.id];
  const state: ManageNavigationState = { membership };
  const control = !option.isEnabled ? (
    <Button variant="secondary" disabled aria-describedby={option.reason ? reasonId : undefined}>
      {label}
    </Button>
  ) : option.id === 'change' ? (
    <Link to={`/memberships/change/${membership.id}`} state={state} className={buttonClass('secondary')}>
      {label}
    </Link>
  ) : option.id === 'renew' ? (
    <Link
      to={`/memberships/renew/${membership.id}/${encodeURIComponent(membership.slug)}/${membership.paymentType}`}
      state={state}
      className={buttonClass('secondary')}
    >
      {label}
    </Link>
  ) : (
    <Button variant="secondary" onClick={() => onAction(option.id as ManageAction)}>
      {label}
    </Button>
  );
  return (
    <li>
      {control}
      {!option.isEnabled && option.reason && (
        <p id={reasonId} className="manage-options__reason">
          {option.reason}
        </p>
      )}
    </li>
  );
}

/** 'Manage membership' (account-shell §4): change, freeze, renew, cancel and upload, each enabled or with why not. */
export default function ManageMembershipModal({
  membership,
  onAction,
  onClose,
}: {
  membership: AccountMembership;
  onAction: (action: ManageAction) => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      title={MEMBERSHIP_MANAGEMENT_TEXTS.manage}
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      <div className="stack">
        <p>
          <strong>{membership.membershipType.name}</strong> ({membership.reference})
        </p>
        {membership.managementEnabled ? (
          <ul className="manage-options" aria-label="Options">
            {manageOptions(membership).map((option) => (
              <OptionRow key={option.id} option={option} membership={membership} onAction={onAction} />
            ))}
          </ul>
        ) : (
          <p role="status">{MEMBERSHIP_MANAGEMENT_TEXTS.managementDisabled}</p>
        )}
      </div>
    </ModalDialog>
  );
}
