import type { CSSProperties, ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** Dialog variant class, e.g. 'drawer'. */
  variant?: 'centred' | 'drawer';
  /** The spec's wide modal (membership details, terms, booking) is 600px; the default is narrower. */
  size?: 'default' | 'wide';
}

/** Spec §9: slide-up modal timeout. Centred modals slide up from the bottom on phones (none with reduced motion). */
export const SLIDE_UP_MODAL_MS = 300;
export const WIDE_MODAL_PX = 600;

/**
 * Focus-trapped, labelled modal dialog (react-aria): Escape and an outside click close it and focus
 * returns to the opener. Import it only from lazily loaded chunks (react-aria is heavy).
 */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  variant = 'centred',
  size = 'default',
}: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className={`modal-overlay modal-overlay--${variant}`}
      style={
        {
          '--fh-slide-up-ms': `${SLIDE_UP_MODAL_MS}ms`,
          '--fh-wide-modal': `${WIDE_MODAL_PX}px`,
        } as CSSProperties
      }
    >
      <Modal className={`modal modal--${variant} modal--${size}`}>
        <Dialog className="modal__dialog">
          {({ close }) => (
            <>
              <div className="modal__header">
                <Heading slot="title" className="modal__title">
                  {title}
                </Heading>
                <button type="button" className="modal__close" onClick={close} aria-label="Close">
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <div className="modal__body">{children}</div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
