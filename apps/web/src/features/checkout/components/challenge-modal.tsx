import { useEffect, useRef } from 'react';
import { Button, buttonClass } from '../../../ui/button';
import { ModalDialog } from '../../../ui/modal';

/**
 * 'Confirm your payment': the sandbox provider's stand-in for the bank's further check (3-D Secure).
 * Focus starts on Approve; closing the dialog declines. Lazy chunk (react-aria).
 */
export default function ChallengeModal({
  message,
  isAnswering,
  onAnswer,
}: {
  message: string;
  isAnswering: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  const approveRef = useRef<HTMLButtonElement>(null);
  useEffect(() => approveRef.current?.focus(), []);
  return (
    <ModalDialog
      title="Confirm your payment"
      isOpen
      onOpenChange={(open) => {
        if (!open && !isAnswering) onAnswer(false);
      }}
    >
      <div className="stack">
        <p>{message}</p>
        <div className="button-row">
          <button
            ref={approveRef}
            type="button"
            className={buttonClass('primary')}
            disabled={isAnswering}
            aria-busy={isAnswering || undefined}
            onClick={() => onAnswer(true)}
          >
            Approve
          </button>
          <Button variant="secondary" disabled={isAnswering} onClick={() => onAnswer(false)}>
            Decline
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
