import { STAFF_TEXTS } from '@fieldhouse/contract/texts/staff';
import { useEffect, useRef, useState } from 'react';
import './authenticator-setup.css';
import { Button } from './button';
import { QrCode } from './qr-code';
import { TextField } from './text-field';

/** A new authenticator secret waiting for its first code (the reply of a set-up's start). */
export interface AuthenticatorSecret {
  secret: string;
  otpauthUri: string;
}

/** The key in groups of four, as authenticator apps show it when it is typed in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: the QR code to scan, the key to type where a camera cannot scan, and the first
 * six-digit code from the app, which the caller checks (`onConfirm`; its error shows under the code, which takes the
 * focus). Nothing takes effect until that code is right. `who` names whose phone it is ('your', 'Jo Walker's').
 */
export function AuthenticatorSetup({
  setup,
  who,
  error,
  isPending,
  onConfirm,
  onCancel,
}: {
  setup: AuthenticatorSecret;
  who: string;
  error: string | null;
  isPending: boolean;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const codeRef = useRef<HTMLInputElement>(null);
  const firstStepRef = useRef<HTMLParagraphElement>(null);
  // Shown in place of the button that asked for it (disabled meanwhile): the focus starts at the first step.
  useEffect(() => {
    firstStepRef.current?.focus();
  }, []);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const shown = formatError ?? error;
  // The server's word on the code (not right, set-up expired): the field takes the focus to try again.
  useEffect(() => {
    if (error) codeRef.current?.focus();
  }, [error]);
  return (
    <form
      className="authenticator-setup"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        if (!/^[0-9]{6}$/.test(trimmed)) {
          setFormatError(STAFF_TEXTS.codeFormat);
          codeRef.current?.focus();
          return;
        }
        setFormatError(null);
        onConfirm(trimmed);
      }}
    >
      <ol className="authenticator-setup__steps">
        <li>
          <p tabIndex={-1} ref={firstStepRef}>
            Open the authenticator app on {who} phone (for example Google Authenticator or Microsoft
            Authenticator) and scan this code.
          </p>
          <QrCode value={setup.otpauthUri} label="QR code to scan with the authenticator app" />
          <p className="muted">
            Cannot scan it? Enter this key in the app instead:{' '}
            <code className="authenticator-setup__key">{grouped(setup.secret)}</code>
          </p>
        </li>
        <li>
          <TextField
            ref={codeRef}
            label="Code from the app"
            name="code"
            hint="Six digits. It changes every 30 seconds"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={shown ?? undefined}
          />
        </li>
      </ol>
      <div className="button-row">
        <Button type="submit" isPending={isPending}>
          Confirm and turn on
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
