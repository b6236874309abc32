import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useId, useRef, useState } from 'react';
import { serverMessageOr } from '../../../lib/api/client';
import { AuthenticatorSetup } from '../../../ui/authenticator-setup';
import { Button } from '../../../ui/button';
import { useConfirmOwnStaffTotp } from '../api/confirm-own-staff-totp';
import type { StaffMember } from '../api/get-staff-me';
import { useStartOwnStaffTotp } from '../api/start-own-staff-totp';

/**
 * The staff member's own authenticator app (a second step at login): set one up, or a new one in place of the old
 * (which goes on working until the new one's first code is right). Removing it is an administrator's (a lost phone).
 */
export function OwnAuthenticator({ me }: { me: StaffMember }) {
  const headingId = useId();
  const start = useStartOwnStaffTotp();
  const confirm = useConfirmOwnStaffTotp();
  const [done, setDone] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const setup = start.isSuccess && !confirm.isSuccess ? start.data : null;
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
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Authenticator app</h2>
      <p>
        {me.totpEnabled
          ? 'Set up: logging in asks for a code from your authenticator app. Lost your phone? An administrator can remove it.'
          : 'Not set up. With an authenticator app, logging in also asks for a six-digit code from your phone, so your password alone is not enough.'}
      </p>
      <div role="status">{done && <p className="notice notice--success">{STAFF_TEXTS.totpSetUp}</p>}</div>
      <div role="alert">
        {start.isError && (
          <p className="notice notice--danger">{serverMessageOr(start.error, start.error.message)}</p>
        )}
      </div>
      {setup ? (
        <AuthenticatorSetup
          setup={setup}
          who="your"
          error={codeError}
          isPending={confirm.isPending}
          onConfirm={(code) => {
            setCodeError(null);
            confirm.mutate(code, {
              onSuccess: () => {
                setDone(true);
                backToStart();
              },
              onError: (error) => setCodeError(serverMessageOr(error, error.message)),
            });
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
              setDone(false);
              confirm.reset();
              start.mutate();
            }}
          >
            {me.totpEnabled ? 'Set up a new authenticator app' : 'Set up authenticator app'}
          </Button>
        </div>
      )}
    </section>
  );
}
