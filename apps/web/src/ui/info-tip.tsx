import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './info-tip.css';

/** A touch-opened tip stays this long after the finger leaves (spec: tooltip leave touch delay). */
export const TOUCH_LEAVE_DELAY_MS = 4000;

/**
 * An info button with a tooltip: opens on hover, keyboard focus or a press, closes on Escape, blur or
 * pointer leave (4 s after a touch). The tip is the button's accessible description even while hidden.
 */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  const tipId = useId();
  const [isOpen, setOpen] = useState(false);
  const pointerType = useRef<string>('mouse');
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const open = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const close = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
  };
  const closeLater = (ms: number) => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), ms);
  };

  return (
    <span
      className="info-tip"
      onPointerEnter={(event) => event.pointerType === 'mouse' && open()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && close()}
    >
      <button
        type="button"
        className="info-tip__button"
        aria-label={label}
        aria-describedby={tipId}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
        }}
        onClick={() => {
          if (pointerType.current === 'touch' || pointerType.current === 'pen') {
            open();
            closeLater(TOUCH_LEAVE_DELAY_MS);
          } else if (isOpen) close();
          else open();
          pointerType.current = 'mouse';
        }}
        onFocus={open}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isOpen) {
            event.stopPropagation();
            close();
          }
        }}
      >
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 10.5v6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="12" cy="7.2" r="1.4" fill="currentColor" />
        </svg>
      </button>
      <span role="tooltip" id={tipId} className="info-tip__bubble" hidden={!isOpen}>
        {children}
      </span>
    </span>
  );
}
