import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** Dialog variant class, e.g. 'drawer'. */
  variant?: 'centred' | 'drawer';
}

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
}: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className={`modal-overlay modal-overlay--${variant}`}
    >
      <Modal className={`modal modal--${variant}`}>
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
