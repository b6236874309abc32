import { LoginScreen } from '../../../../features/auth/components/login-screen';
import { PageTitle } from '../../../../lib/page-title';

export default function LoginPage() {
  return (
    <>
      <PageTitle title="Log in" />
      <LoginScreen />
    </>
  );
}
