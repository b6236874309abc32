import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from './login-form';
import { safeRedirect } from './redirect';

const ForgottenPasswordModal = lazy(() =>
  import('./forgotten-password-modal').then((m) => ({ default: m.ForgottenPasswordModal })),
);

/** The /login page of the account and join sites. ?showForgotPassword=true opens the reset-request modal. */
export function LoginScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const isForgotOpen = params.get('showForgotPassword') === 'true';
  const forgotHref = `?${new URLSearchParams({ ...Object.fromEntries(params), showForgotPassword: 'true' })}`;

  const closeForgot = () => {
    const next = new URLSearchParams(params);
    next.delete('showForgotPassword');
    setParams(next, { replace: true });
  };

  return (
    <div className="auth-card">
      <h1>Log in to your account</h1>
      <LoginForm onSuccess={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />
      <ul className="link-list">
        <li>
          <Link to={forgotHref}>I have forgotten my password</Link>
        </li>
        <li>
          <Link to={forgotHref}>Activate account</Link>
        </li>
        <li>
          <Link to="/register">Create an account</Link>
        </li>
      </ul>
      {isForgotOpen && (
        <Suspense fallback={null}>
          <ForgottenPasswordModal isOpen onClose={closeForgot} />
        </Suspense>
      )}
    </div>
  );
}
