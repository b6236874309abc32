import { LoginForm } from '../features/auth/components/login-form';
import { ModalDialog } from '../ui/modal';
import { closeLoginModal } from './login-modal-store';
import { SiteLink } from './site-link';

/** Bookings site: the login form in a modal (lazy chunk). */
export default function LoginModal() {
  return (
    <ModalDialog title="Log in to your account" isOpen onOpenChange={(open) => !open && closeLoginModal()}>
      <LoginForm onSuccess={closeLoginModal} focusOnMount />
      <ul className="link-list">
        <li>
          <SiteLink site="account" to="/login?showForgotPassword=true">
            I have forgotten my password
          </SiteLink>
        </li>
        <li>
          <SiteLink site="account" to="/register">
            Create an account
          </SiteLink>
        </li>
      </ul>
    </ModalDialog>
  );
}
