import { useUser } from '../features/auth/api/get-user';
import { buttonClass } from '../ui/button';
import { ModalDialog } from '../ui/modal';
import { LoginControl } from './login-control';
import { SiteLink } from './site-link';
import { useLogoutAction } from './use-logout-action';

/** Mobile side drawer (306px), focus-trapped; Escape or an outside click closes it. */
export default function MobileDrawer({
  onClose,
  canJoin,
  kioskHref,
  buyMembershipPath,
}: {
  onClose: () => void;
  canJoin: boolean;
  kioskHref: string | null;
  buyMembershipPath: string;
}) {
  const user = useUser();
  const logout = useLogoutAction();
  return (
    <ModalDialog title="Menu" variant="drawer" isOpen onOpenChange={(open) => !open && onClose()}>
      <nav aria-label="Mobile">
        <ul className="drawer-list">
          {kioskHref && (
            <li>
              <a href={kioskHref}>Back to Kiosk Home</a>
            </li>
          )}
          <li>
            <SiteLink site="bookings" to="/redirect-to-selected-venue" onClick={onClose}>
              Book an activity
            </SiteLink>
          </li>
          {canJoin && (
            <li>
              <SiteLink site="join" to={buyMembershipPath} onClick={onClose}>
                Buy a membership
              </SiteLink>
            </li>
          )}
          <li>
            <SiteLink site="bookings" to="/basket" onClick={onClose}>
              Shopping basket
            </SiteLink>
          </li>
          {user && (
            <>
              <li>
                <SiteLink site="account" to="/" withKiosk onClick={onClose}>
                  My account
                </SiteLink>
              </li>
              <li>
                <button
                  type="button"
                  className="drawer-list__button"
                  onClick={() => {
                    onClose();
                    logout();
                  }}
                >
                  Log out
                </button>
              </li>
            </>
          )}
        </ul>
      </nav>
      {user === null && (
        <div className="drawer-login stack">
          <p>Log in to manage your bookings, memberships and account.</p>
          <LoginControl onBeforeOpen={onClose} className={buttonClass('primary')} />
          <SiteLink site="account" to="/register" className={buttonClass('secondary')} onClick={onClose}>
            Create an account
          </SiteLink>
        </div>
      )}
    </ModalDialog>
  );
}
