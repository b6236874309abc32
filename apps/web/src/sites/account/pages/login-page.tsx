import { LoginScreen } from '../../../features/auth/login-screen';
import { PageTitle } from '../../../lib/page-title';

export default function LoginPage() {
  return (
    <>
      <PageTitle title="Log in" />
      <LoginScreen />
    </>
  );
}
