import { RegisterScreen } from '../../../../features/auth/components/register-screen';
import { PageTitle } from '../../../../lib/page-title';

export default function RegisterPage() {
  return (
    <>
      <PageTitle title="Create an account" />
      <RegisterScreen />
    </>
  );
}
