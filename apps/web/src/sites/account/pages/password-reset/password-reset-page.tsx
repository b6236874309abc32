import { PasswordResetScreen } from '../../../../features/auth/components/password-reset-screen';
import { PageTitle } from '../../../../lib/page-title';
import { useParams } from '../../../../lib/router';

export default function PasswordResetPage() {
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title="Reset your password" />
      <PasswordResetScreen key={token} token={token} />
    </>
  );
}
