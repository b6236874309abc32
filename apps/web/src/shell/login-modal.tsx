import { LoginForm } from '../features/auth/components/login-form';
import { ModalDialog } from '../ui/modal';
import { closeLoginModal, forgetPendingAdd } from './login-modal-store';
import { SiteLink } from './site-link';

/**
 * Bookings site: the login form in a modal (lazy chunk). Logging in keeps the visitor on the page; the account
 * site's pages it links to bring them back to it afterwards (?redirect= with this page's address), so an 'Add to
 * basket' that opened the modal is done either way (shell/pending-add). Closing the modal drops that add.
 */
export default function LoginModal() {
  const back = `?redirect=${encodeURIComponent(window.location.href)}`;
  return (
    <ModalDialog
      title="Log in to your account"
      isOpen
      onOpenChange={(open) => {
        if (open) return;
        forgetPendingAdd();
        closeLoginModal();
      }}
    >
      <LoginForm onSuccess={closeLoginModal} focusOnMount />
      <ul className="link-list">
        <li>
          <SiteLink site="account" to={`/login${back}&showForgotPassword=true`}>
            I have forgotten my password
          </SiteLink>
        </li>
        <li>
          <SiteLink site="account" to={`/register${back}`}>
            Create an account
          </SiteLink>
        </li>
      </ul>
    </ModalDialog>
  );
}
