import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { safeRedirect } from '../rules/redirect';
import { LoginForm } from './login-form';

const ForgottenPasswordModal = lazy(() =>
  import('./forgotten-password-modal').then((m) => ({ default: m.ForgottenPasswordModal })),
);

/**
 * The /login page of the account and join sites. ?showForgotPassword opens the reset-request modal (with or without
 * a value, as the specification's query parameter; `=false` does not); ?activateAccount opens the same request in
 * its own words (accounts made at the desk).
 */
export function LoginScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const isActivateOpen = isFlagSet(params.get('activateAccount'));
  const isForgotOpen = isFlagSet(params.get('showForgotPassword')) || isActivateOpen;
  const base = Object.fromEntries(
    [...params].filter(([key]) => key !== 'showForgotPassword' && key !== 'activateAccount'),
  );
  const forgotHref = `?${new URLSearchParams({ ...base, showForgotPassword: 'true' })}`;
  const activateHref = `?${new URLSearchParams({ ...base, activateAccount: 'true' })}`;
  const redirect = params.get('redirect');
  // Creating an account instead still goes back to where the visitor was going.
  const registerHref = `/register${redirect ? `?${new URLSearchParams({ redirect })}` : ''}`;

  const closeForgot = () => {
    const next = new URLSearchParams(params);
    next.delete('showForgotPassword');
    next.delete('activateAccount');
    setParams(next, { replace: true });
  };

  return (
    <div className="auth-card">
      <h1>Log in to your account</h1>
      <LoginForm
        onSuccess={() => {
          // An address on another site is followed by the public-only guard, which sees the login too.
          if (!redirect || redirect.startsWith('/')) navigate(safeRedirect(redirect), { replace: true });
        }}
      />
      <ul className="link-list">
        <li>
          <Link to={forgotHref}>I have forgotten my password</Link>
        </li>
        <li>
          <Link to={activateHref}>Activate account</Link>
        </li>
        <li>
          <Link to={registerHref}>Create an account</Link>
        </li>
      </ul>
      {isForgotOpen && (
        <Suspense fallback={null}>
          <ForgottenPasswordModal
            isOpen
            purpose={isActivateOpen ? 'activate' : 'reset'}
            onClose={closeForgot}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A flag in the query: present (`?showForgotPassword`, `=true`, `=1`) and not `false` or `0`. */
const isFlagSet = (value: string | null) => value !== null && value !== 'false' && value !== '0';
