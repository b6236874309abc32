import { ModalDialog } from '../../../ui/modal';
import type { StaffAccount } from '../api/get-staff-accounts';
import type { StaffVenue } from '../api/get-staff-venues';
import { StaffAccessForm } from './staff-access-form';
import { StaffAuthenticator } from './staff-authenticator';
import { StaffPasswordReset } from './staff-password-reset';

/**
 * One staff account's changes, in a dialog (focus kept inside, Escape closes, the focus back on the row's button):
 * role and venues, a password reset link, the authenticator app. Loaded with the accounts page only.
 */
export function StaffAccountModal({
  account,
  venues,
  onClose,
}: {
  account: StaffAccount;
  venues: StaffVenue[];
  onClose: () => void;
}) {
  return (
    <ModalDialog
      title={`Manage ${account.name}`}
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      size="wide"
    >
      <div className="staff-manage">
        <p className="muted">{account.email}</p>
        <StaffAccessForm account={account} venues={venues} />
        <StaffPasswordReset account={account} />
        <StaffAuthenticator account={account} />
      </div>
    </ModalDialog>
  );
}
