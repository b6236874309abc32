import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { buttonClass } from '../ui/button';

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(loadAccountMenu);

/**
 * Under 575px the account control is an 'Account' button with a dropdown menu. The menu's code (react-aria's
 * popover and menu, about 45 KB) loads on first use, not with the page: the button is plain HTML with the
 * menu button's semantics (Enter, Space or Arrow Down open it on the first item, Arrow Up on the last).
 */
export function AccountMenuButton() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const [openOn, setOpenOn] = useState<'first' | 'last' | null>(null);
  const preload = () => void loadAccountMenu().catch(() => {});
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpenOn(event.key === 'ArrowDown' ? 'first' : 'last');
  };
  return (
    <>
      <button
        ref={triggerRef}
        id={buttonId}
        type="button"
        className={buttonClass('secondary', 'header-account')}
        aria-haspopup="menu"
        aria-expanded={openOn !== null}
        aria-controls={openOn ? menuId : undefined}
        onPointerDown={preload}
        onFocus={preload}
        onKeyDown={onKeyDown}
        onClick={() => setOpenOn('first')}
      >
        Account
      </button>
      {openOn && (
        <Suspense fallback={null}>
          <AccountMenu
            triggerRef={triggerRef}
            menuId={menuId}
            labelledBy={buttonId}
            focus={openOn}
            onClose={() => setOpenOn(null)}
          />
        </Suspense>
      )}
    </>
  );
}
