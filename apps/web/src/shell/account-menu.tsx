import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { getSiteConfig } from '../lib/site-config';
import { useSiteHref } from './site-link';
import { useLogoutAction } from './use-logout-action';

/** Under 575px the account control is an 'Account' button with a dropdown (lazy chunk). */
export default function AccountMenu() {
  const navigate = useNavigate();
  const href = useSiteHref();
  const logout = useLogoutAction();
  const onAction = (key: React.Key) => {
    if (key === 'logout') logout();
    else if (getSiteConfig().site === 'account') navigate('/');
    else window.location.assign(href('account', '/', true));
  };
  return (
    <MenuTrigger>
      <Button className="btn btn--secondary header-account">Account</Button>
      <Popover placement="bottom end" className="menu-popover">
        <Menu className="menu" onAction={onAction}>
          <MenuItem id="account" className="menu__item">
            My account
          </MenuItem>
          <MenuItem id="logout" className="menu__item">
            Log out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
