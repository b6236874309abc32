import { STAFF_PASSWORD_LINK_VALID_HOURS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useId, useRef } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { Button } from '../../../ui/button';
import type { StaffAccount } from '../api/get-staff-accounts';
import { useSendStaffPasswordReset } from '../api/send-staff-password-reset';

/**
 * Sends the staff member a link to set a new password (once, for 24 hours); wherever they are logged in, they are
 * logged out at once. Sent, the status line says where to.
 */
export function StaffPasswordReset({ account }: { account: StaffAccount }) {
  const send = useSendStaffPasswordReset();
  const headingId = useId();
  // The button is disabled while the link is sent, which takes the focus from it: the outcome takes it instead.
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (send.isSuccess || send.isError) outcomeRef.current?.focus();
  }, [send.isSuccess, send.isError]);
  return (
    <section className="staff-manage__part" aria-labelledby={headingId}>
      <h3 id={headingId}>Password</h3>
      <p>
        Email {account.name} a link to choose a new password. The link works once, for{' '}
        {STAFF_PASSWORD_LINK_VALID_HOURS} hours. They are logged out everywhere at once; their current
        password works until they choose a new one.
      </p>
      <div role="status">
        {send.isSuccess && (
          <p className="notice notice--success" tabIndex={-1} ref={outcomeRef}>
            A password reset link has been sent to {send.data.sentTo}.
            {send.data.sessionsEnded > 0 ? ` ${account.name} has been logged out.` : ''}
          </p>
        )}
      </div>
      <div role="alert">
        {send.isError && (
          <p className="notice notice--danger" tabIndex={-1} ref={outcomeRef}>
            {serverMessageOr(send.error, send.error.message)}
          </p>
        )}
      </div>
      <div className="button-row">
        <Button variant="secondary" isPending={send.isPending} onClick={() => send.mutate(account.id)}>
          Send password reset link
        </Button>
      </div>
    </section>
  );
}
