import type { RefObject } from 'react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import { useNavigate } from '../lib/router';
import { getSiteConfig } from '../lib/site-config';
import { useSiteHref } from './site-link';
import { useLogoutAction } from './use-logout-action';

/**
 * The account dropdown under 575px (lazy chunk, loaded on the first tap of the 'Account' button): a menu in a
 * popover anchored to the button; Escape, an outside tap or a choice closes it and focus returns to the button.
 */
export default function AccountMenu({
  triggerRef,
  menuId,
  labelledBy,
  focus,
  onClose,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  menuId: string;
  labelledBy: string;
  focus: 'first' | 'last';
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const href = useSiteHref();
  const logout = useLogoutAction();
  const onAction = (key: React.Key) => {
    if (key === 'logout') logout();
    else if (getSiteConfig().site === 'account') navigate('/');
    else window.location.assign(href('account', '/', true));
  };
  return (
    <Popover
      triggerRef={triggerRef}
      trigger="MenuTrigger"
      aria-labelledby={labelledBy}
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      placement="bottom end"
      className="menu-popover"
    >
      <Menu
        id={menuId}
        aria-labelledby={labelledBy}
        className="menu"
        autoFocus={focus}
        onAction={onAction}
        onClose={onClose}
      >
        <MenuItem id="account" className="menu__item">
          My account
        </MenuItem>
        <MenuItem id="logout" className="menu__item">
          Log out
        </MenuItem>
      </Menu>
    </Popover>
  );
}
