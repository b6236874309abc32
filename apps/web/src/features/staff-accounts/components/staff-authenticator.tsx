import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { AuthenticatorSetup } from '../../../ui/authenticator-setup';
import { Button } from '../../../ui/button';
import { useConfirmStaffTotp } from '../api/confirm-staff-totp';
import type { StaffAccount } from '../api/get-staff-accounts';
import { useResetStaffTotp } from '../api/reset-staff-totp';
import { useStartStaffTotp } from '../api/start-staff-totp';

/**
 * The account's authenticator app: set one up with the staff member beside you (they scan the QR code and give its
 * first code; nothing changes until it is right), or remove it (a lost phone: logging in asks for no code until a new
 * one is set up). Each step's outcome is said in the status line, and the focus goes back to the section's button.
 */
export function StaffAuthenticator({ account }: { account: StaffAccount }) {
  const headingId = useId();
  const start = useStartStaffTotp();
  const confirm = useConfirmStaffTotp();
  const reset = useResetStaffTotp();
  const [said, setSaid] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const setup = start.isSuccess && !confirm.isSuccess ? start.data : null;
  const problem = start.error ?? reset.error;
  // Once the set-up form has gone (confirmed or cancelled), the focus goes back to the button that starts one.
  const [isFocusDue, setIsFocusDue] = useState(false);
  useEffect(() => {
    if (isFocusDue && startRef.current) {
      startRef.current.focus();
      setIsFocusDue(false);
    }
  });
  const backToStart = () => setIsFocusDue(true);

  return (
    <section className="staff-manage__part" aria-labelledby={headingId}>
      <h3 id={headingId}>Authenticator app</h3>
      <p>
        {account.totpEnabled
          ? `Set up: logging in asks ${account.name} for a code from their authenticator app.`
          : `Not set up: ${account.name} logs in with a password alone.`}
      </p>
      <div role="status">{said && <p className="notice notice--success">{said}</p>}</div>
      <div role="alert">
        {problem && <p className="notice notice--danger">{serverMessageOr(problem, problem.message)}</p>}
      </div>
      {setup ? (
        <AuthenticatorSetup
          setup={setup}
          who={`${account.name}’s`}
          error={codeError}
          isPending={confirm.isPending}
          onConfirm={(code) => {
            setCodeError(null);
            confirm.mutate(
              { id: account.id, code },
              {
                onSuccess: () => {
                  setSaid(STAFF_TEXTS.totpSetUp);
                  backToStart();
                },
                onError: (error) => setCodeError(serverMessageOr(error, error.message)),
              },
            );
          }}
          onCancel={() => {
            start.reset();
            setCodeError(null);
            backToStart();
          }}
        />
      ) : (
        <div className="button-row">
          <Button
            ref={startRef}
            variant="secondary"
            isPending={start.isPending}
            onClick={() => {
              setSaid(null);
              confirm.reset();
              reset.reset();
              start.mutate(account.id);
            }}
          >
            {account.totpEnabled ? 'Set up a new authenticator app' : 'Set up authenticator app'}
          </Button>
          {account.totpEnabled && (
            <Button
              variant="secondary"
              isPending={reset.isPending}
              onClick={() => {
                setSaid(null);
                start.reset();
                reset.mutate(account.id, {
                  onSuccess: () => {
                    setSaid(`Authenticator app removed: ${account.name} logs in with a password alone.`);
                    backToStart();
                  },
                });
              }}
            >
              Remove authenticator app
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
