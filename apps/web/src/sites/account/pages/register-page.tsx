import { RegisterScreen } from '../../../features/auth/register-screen';
import { PageTitle } from '../../../lib/page-title';

export default function RegisterPage() {
  return (
    <>
      <PageTitle title="Create an account" />
      <RegisterScreen />
    </>
  );
}
