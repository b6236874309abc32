import { STAFF_ROLE_LABELS, worksEverywhere } from '@fieldhouse/contract/staff';
import { useId, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import type { StaffAccount } from '../api/get-staff-accounts';
import type { StaffVenue } from '../api/get-staff-venues';
import { useSetStaffAccountStatus } from '../api/set-staff-account-status';
import { StaffAccountModal } from './staff-account-modal';

/**
 * Every staff account: name, email, role, venues, whether it has a second factor and whether it is disabled, with
 * Manage (role and venues, a password reset link, the authenticator app: a dialog) and Disable (it can no longer log
 * in; its sessions end) or Enable beside every account but the administrator's own (theirs is at Your account).
 */
export function StaffAccountList({
  accounts,
  venues,
  selfId,
}: {
  accounts: StaffAccount[];
  venues: StaffVenue[];
  selfId: number | null;
}) {
  const captionId = useId();
  const setStatus = useSetStaffAccountStatus();
  const [problem, setProblem] = useState<string | null>(null);
  const [managingId, setManagingId] = useState<number | null>(null);
  // The dialog shows the account as the list now has it (a change made in it shows at once).
  const managing = accounts.find((account) => account.id === managingId) ?? null;
  const toggle = (account: StaffAccount) => {
    setProblem(null);
    setStatus.mutate(
      { id: account.id, disabled: !account.disabled },
      {
        onSuccess: (updated) =>
          toast.success(
            updated.disabled ? `${updated.name} can no longer log in` : `${updated.name} can log in again`,
            { duration: TOAST_DURATION.default },
          ),
        onError: (error) => setProblem(serverMessageOr(error, error.message)),
      },
    );
  };
  if (accounts.length === 0) return <p>There are no staff accounts yet.</p>;
  return (
    <section
      className="staff-table__scroll"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
    >
      <table className="staff-table">
        <caption id={captionId} className="visually-hidden">
          Staff accounts
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Venues</th>
            <th scope="col">Authenticator</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id}>
              <td>
                {account.name}
                <br />
                <span className="muted">{account.email}</span>
              </td>
              <td>{STAFF_ROLE_LABELS[account.role]}</td>
              <td>
                {worksEverywhere(account.role)
                  ? 'All venues'
                  : account.venues.map((venue) => venue.name).join(', ') || 'None'}
              </td>
              <td>{account.totpEnabled ? 'Set up' : 'Not set up'}</td>
              <td>{account.disabled ? 'Disabled' : 'Active'}</td>
              <td>
                {account.id !== selfId && (
                  <div className="staff-table__actions">
                    <Button
                      variant="secondary"
                      aria-label={`Manage ${account.name}`}
                      onClick={() => setManagingId(account.id)}
                    >
                      Manage
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`${account.disabled ? 'Enable' : 'Disable'} ${account.name}`}
                      onClick={() => toggle(account)}
                      isPending={setStatus.isPending && setStatus.variables?.id === account.id}
                    >
                      {account.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div role="alert">{problem && <p className="notice notice--danger">{problem}</p>}</div>
      {managing && (
        <StaffAccountModal account={managing} venues={venues} onClose={() => setManagingId(null)} />
      )}
    </section>
  );
}
