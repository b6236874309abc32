import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from './button';
import { ModalDialog } from './modal';
import { repeatsHeading, withoutLeadingTitle } from './repeated-heading';
import { ServerHtml } from './server-html';
import './terms-modal.css';

/** joining §9: the scroll area's height and how close to the bottom counts as read. */
export const TERMS_SCROLL_MAX_HEIGHT = 300;
export const TERMS_SCROLL_TOLERANCE = 10;

export type TermsModalItem = { id: number; title: string; html: string };

export interface TermsModalProps {
  items: TermsModalItem[];
  /** Defaults to 'Terms & conditions' (joining §2 Terms modal). */
  title?: string;
  /** With it: 'I Agree' (enabled once read to the bottom) and 'Cancel'. Without: read-only, closed with ×. */
  onAgree?: () => void;
  onClose: () => void;
}

/** True when the element is scrolled to its bottom, or its content fits without scrolling. */
export const isScrolledToBottom = (el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= TERMS_SCROLL_TOLERANCE;

/**
 * Terms (HTML sanitised by the API) in a scroll area. 'I Agree' stays disabled until the terms are
 * scrolled to the bottom (joining §4); agreeing calls onAgree, then closes. Lazy chunk (react-aria).
 */
export function TermsModal({ items, title = 'Terms & conditions', onAgree, onClose }: TermsModalProps) {
  const scrollRef = useRef<HTMLElement | null>(null);
  const [hasRead, setRead] = useState(false);
  const hintId = useId();
  const check = useCallback(() => {
    const el = scrollRef.current;
    if (el && isScrolledToBottom(el)) setRead(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the terms change.
  useLayoutEffect(check, [check, items]);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [check]);

  const agree = () => {
    onAgree?.();
    onClose();
  };

  return (
    <ModalDialog title={title} size="wide" isOpen onOpenChange={(open) => !open && onClose()}>
      <section
        ref={scrollRef}
        className="terms terms-modal__scroll"
        style={{ maxHeight: TERMS_SCROLL_MAX_HEIGHT }}
        onScroll={check}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard to scroll it.
        tabIndex={0}
        aria-label={title}
      >
        {items.map((item) => (
          <section key={item.id} className="terms__item">
            {/* One heading per thing: a single item that only repeats the modal's title goes untitled. */}
            {!(items.length === 1 && repeatsHeading(item.title, title)) && <h3>{item.title}</h3>}
            <ServerHtml html={withoutLeadingTitle(item.html, item.title)} />
          </section>
        ))}
      </section>
      {onAgree && (
        <div className="terms-modal__actions">
          {!hasRead && (
            <p className="terms-modal__hint" id={hintId}>
              Scroll to the end of the terms to agree.
            </p>
          )}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!hasRead} aria-describedby={hasRead ? undefined : hintId} onClick={agree}>
            I Agree
          </Button>
        </div>
      )}
    </ModalDialog>
  );
}

export default TermsModal;
